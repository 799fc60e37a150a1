import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  CircularProgress,
  Divider,
  Grid,
  Stack,
  Typography,
} from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { formatCpfCnpj } from '../../../core/formatCpfCnpj.ts';
import { formatDate } from '../../../core/formatDate.ts';
import { formatBRL } from '../../../core/formatMoney.ts';
import { SUBSCRIPTION_STATE_LABELS } from '../../../core/subscriptionState.ts';
import { useSession, useTenant } from '../../app/RuntimeContext.tsx';
import { modulosOferecidos, useAssinatura } from './useAssinatura.ts';

const STATE_COLORS = {
  ativo: 'success',
  trial: 'info',
  'trial-expirado': 'warning',
  inadimplente: 'error',
} as const;

function Line({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Stack direction="row" sx={{ justifyContent: 'space-between', py: 0.75, gap: 2 }}>
      <Typography color="text.secondary">{label}</Typography>
      <Typography component="div" sx={{ textAlign: 'right', fontWeight: 500 }}>
        {children}
      </Typography>
    </Stack>
  );
}

/**
 * Assinatura › Área do cliente: the company's contract at a glance — situation, plan, due date, add-on
 * modules and the monthly total — with the ways to change it (plans, add-ons).
 */
export default function AreaClienteScreen() {
  const { user } = useSession();
  const { config } = useTenant();
  const { assinatura, plano, loading } = useAssinatura();
  const oferecidos = modulosOferecidos(config.planoModulos);
  const modulos = oferecidos.filter((modulo) => (assinatura?.modulosContratados ?? []).includes(modulo.id));
  const totalModulos = modulos.reduce((sum, modulo) => sum + (modulo.valor ?? 0), 0);
  const empresa = user?.empresaObj;
  return (
    <Box sx={{ maxWidth: 960 }}>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        Área do cliente
      </Typography>
      {loading || !assinatura ? (
        <Box role="status" sx={{ py: 4, textAlign: 'center' }}>
          {loading ? (
            <CircularProgress />
          ) : (
            <Alert severity="warning">Assinatura indisponível no momento.</Alert>
          )}
        </Box>
      ) : (
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, md: 7 }}>
            <Card variant="outlined">
              <CardContent>
                <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
                  <Typography variant="h6" component="h2">
                    Assinatura
                  </Typography>
                  <Chip
                    color={STATE_COLORS[assinatura.situacao]}
                    label={SUBSCRIPTION_STATE_LABELS[assinatura.situacao]}
                  />
                </Stack>
                <Divider sx={{ mb: 1 }} />
                <Line label="Empresa">{empresa?.nome}</Line>
                {empresa?.cpfCnpj && <Line label="CPF/CNPJ">{formatCpfCnpj(empresa.cpfCnpj)}</Line>}
                <Line label="Plano">{plano ? plano.nome : 'Nenhum plano contratado'}</Line>
                {plano && <Line label="Valor do plano">{formatBRL(plano.valor)} /mês</Line>}
                <Line label="Vencimento">
                  {assinatura.dataVencimento ? formatDate(assinatura.dataVencimento) : '—'}
                </Line>
                <Line label="Módulos adicionais">
                  {modulos.length === 0 ? 'Nenhum' : modulos.map((modulo) => modulo.nome).join(', ')}
                </Line>
                {modulos.length > 0 && <Line label="Valor dos módulos">{formatBRL(totalModulos)} /mês</Line>}
                <Divider sx={{ my: 1 }} />
                <Line label="Total mensal">
                  <strong>{formatBRL((plano?.valor ?? 0) + totalModulos)}</strong>
                </Line>
              </CardContent>
            </Card>
          </Grid>
          <Grid size={{ xs: 12, md: 5 }}>
            <Card variant="outlined">
              <CardContent>
                <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
                  O que você pode fazer
                </Typography>
                <Stack spacing={1.5}>
                  <Button component={RouterLink} to="/pages/assinatura/planos" variant="outlined">
                    {assinatura.trial ? 'Contratar um plano' : 'Ver planos'}
                  </Button>
                  {oferecidos.length > 0 && (
                    <Button component={RouterLink} to="/pages/assinatura/modulos" variant="outlined">
                      Módulos adicionais
                    </Button>
                  )}
                </Stack>
                {assinatura.situacao === 'inadimplente' && (
                  <Alert severity="error" sx={{ mt: 2 }}>
                    A assinatura está vencida. Regularize o pagamento para continuar usando o sistema.
                  </Alert>
                )}
              </CardContent>
            </Card>
          </Grid>
        </Grid>
      )}
    </Box>
  );
}
