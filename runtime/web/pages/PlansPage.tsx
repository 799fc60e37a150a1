import {
  Alert,
  AppBar,
  Box,
  Button,
  Card,
  CardActions,
  CardContent,
  CircularProgress,
  Container,
  Grid,
  Toolbar,
  Typography,
} from '@mui/material';
import { useCallback, useEffect, useState } from 'react';
import { Navigate, Link as RouterLink, useNavigate } from 'react-router-dom';
import type { components } from '../../../generated/api.d.ts';
import { formatDate } from '../../core/formatDate.ts';
import { formatBRL } from '../../core/formatMoney.ts';
import { SUBSCRIPTION_STATE_LABELS, subscriptionState } from '../../core/subscriptionState.ts';
import { useRuntime, useSession, useTenant } from '../app/RuntimeContext.tsx';
import { FullPageLoading } from '../ui/FullPageLoading.tsx';
import { useNotify } from '../ui/NotifyProvider.tsx';
import { useActionError } from '../ui/useActionError.tsx';

type Plano = components['schemas']['Plano'];

const ACTIVE_PLANS = JSON.stringify({ where: { ativo: true }, order: 'valor ASC' });

/** The white-label's active plans (trial plans are not for sale) and the contract action. */
function usePlans() {
  const { api } = useRuntime();
  const session = useSession();
  const notify = useNotify();
  const showActionError = useActionError();
  const navigate = useNavigate();
  const [plans, setPlans] = useState<Plano[] | null>(null);
  const [contracting, setContracting] = useState<number | null>(null);

  useEffect(() => {
    api
      .GET('/api/Planos', { params: { query: { filter: ACTIVE_PLANS } } })
      .then(({ data, error }) => {
        if (error) throw error;
        setPlans((data ?? []).filter((plano) => !plano.diasTrial));
      })
      .catch((error) => {
        setPlans([]);
        void showActionError(error);
      });
  }, [api, showActionError]);

  const contract = useCallback(
    async (plano: Plano) => {
      const ok = await notify.confirm({
        title: 'Contratar plano',
        message: `Deseja contratar o plano ${plano.nome} por ${formatBRL(plano.valor)} por mês?`,
        confirmLabel: 'Contratar',
      });
      if (!ok) return;
      setContracting(plano.id);
      try {
        const { error } = await api.POST('/api/Usuarios/contratarPlano', { body: { planoId: plano.id } });
        if (error) {
          await showActionError(error);
          return;
        }
        notify.toast('Plano contratado com sucesso!', { severity: 'success' });
        await session.refreshUser();
        navigate('/pages/dashboard', { replace: true });
      } catch (error) {
        await showActionError(error);
      } finally {
        setContracting(null);
      }
    },
    [api, navigate, notify, session, showActionError],
  );

  return { plans, contract, contracting };
}

/** planos (spec 000 §2.1): subscribe to one of the white-label's plans; needs a session. */
export function PlansPage() {
  const { token, user } = useSession();
  if (!token) return <Navigate to="/auth/login" replace />;
  if (!user) return <FullPageLoading />;
  return <PlansContent />;
}

function PlansContent() {
  const { config } = useTenant();
  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
      <AppBar position="static" color="inherit" elevation={1}>
        <Toolbar sx={{ gap: 2 }}>
          {config.imagens?.logo ? (
            <Box component="img" src={config.imagens.logo} alt={config.title} sx={{ height: 32 }} />
          ) : (
            <Typography variant="h6">{config.title}</Typography>
          )}
          <Box sx={{ flex: 1 }} />
          <Button component={RouterLink} to="/pages/dashboard">
            Voltar ao sistema
          </Button>
        </Toolbar>
      </AppBar>
      <Container maxWidth="md" sx={{ py: 4 }}>
        <PlansCatalog />
      </Container>
    </Box>
  );
}

/**
 * The subscription state and the plans for sale with their Contratar buttons: the body of the
 * stand-alone planos page and of Assinatura › Planos inside the shell.
 */
export function PlansCatalog() {
  const { user } = useSession();
  const { plans, contract, contracting } = usePlans();
  const empresa = user?.empresaObj;
  const state = subscriptionState({ trial: empresa?.trial, bloqueada: empresa?.bloqueada });
  return (
    <>
      <Typography variant="h5" component="h1" gutterBottom sx={{ fontWeight: 600 }}>
        Planos
      </Typography>
      <Alert severity={state === 'ativo' ? 'success' : 'info'} sx={{ mb: 3 }}>
        Situação da assinatura: <strong>{SUBSCRIPTION_STATE_LABELS[state]}</strong>
        {empresa?.dataVencimento && <> — vencimento em {formatDate(empresa.dataVencimento)}</>}
      </Alert>
      {plans === null ? (
        <Box role="status" sx={{ textAlign: 'center', py: 4 }}>
          <CircularProgress />
        </Box>
      ) : plans.length === 0 ? (
        <Typography color="text.secondary">Nenhum plano disponível no momento.</Typography>
      ) : (
        <Grid container spacing={2}>
          {plans.map((plano) => (
            <Grid key={plano.id} size={{ xs: 12, sm: 6, md: 4 }}>
              <Card
                component="article"
                aria-label={plano.nome}
                sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}
              >
                <CardContent sx={{ flex: 1 }}>
                  <Typography variant="h6" component="h2">
                    {plano.nome}
                  </Typography>
                  <Typography variant="h5" color="primary" sx={{ my: 1, fontWeight: 700 }}>
                    {formatBRL(plano.valor)}
                    <Typography component="span" variant="body2" color="text.secondary">
                      {' '}
                      /mês
                    </Typography>
                  </Typography>
                  {plano.descricao && (
                    <Typography variant="body2" color="text.secondary">
                      {plano.descricao}
                    </Typography>
                  )}
                </CardContent>
                <CardActions>
                  <Button
                    variant="contained"
                    fullWidth
                    disabled={contracting !== null}
                    onClick={() => void contract(plano)}
                  >
                    {contracting === plano.id ? 'Carregando...' : 'Contratar'}
                  </Button>
                </CardActions>
              </Card>
            </Grid>
          ))}
        </Grid>
      )}
    </>
  );
}
