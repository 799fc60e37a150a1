import { Card, CardContent, Grid, Typography } from '@mui/material';
import { formatDate } from '../../../core/formatDate.ts';
import { SUBSCRIPTION_STATE_LABELS, subscriptionState } from '../../../core/subscriptionState.ts';
import { useSession, useTenant } from '../../app/RuntimeContext.tsx';

/** A dashboard's greeting (`greeting: true`): the user's name, the product, company, branch and subscription state. */
export function DashboardGreeting() {
  const { user } = useSession();
  const { config } = useTenant();
  const empresa = user?.empresaObj;
  const state = subscriptionState({ trial: Boolean(empresa?.trial), bloqueada: Boolean(empresa?.bloqueada) });
  return (
    <>
      <Typography variant="h5" component="h1" gutterBottom>
        Olá, {user?.nome || user?.email}!
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Bem-vindo ao {config.title}.
      </Typography>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 4 }}>
          <Card>
            <CardContent>
              <Typography variant="overline" color="text.secondary">
                Empresa
              </Typography>
              <Typography variant="h6">{empresa?.nome}</Typography>
            </CardContent>
          </Card>
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <Card>
            <CardContent>
              <Typography variant="overline" color="text.secondary">
                Filial selecionada
              </Typography>
              <Typography variant="h6">
                {user?.filialSelecionadaObj?.apelido || user?.filialSelecionadaObj?.nome || 'Não informado'}
              </Typography>
            </CardContent>
          </Card>
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <Card>
            <CardContent>
              <Typography variant="overline" color="text.secondary">
                Assinatura
              </Typography>
              <Typography variant="h6">{SUBSCRIPTION_STATE_LABELS[state]}</Typography>
              {empresa?.dataVencimento && (
                <Typography variant="body2" color="text.secondary">
                  Vencimento: {formatDate(empresa.dataVencimento)}
                </Typography>
              )}
            </CardContent>
          </Card>
        </Grid>
      </Grid>
    </>
  );
}
