import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Grid,
  LinearProgress,
  MenuItem,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import Icon from '@mui/material/Icon';
import { type FormEvent, useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { components, paths } from '../../../../generated/api.d.ts';
import { formatDate } from '../../../core/formatDate.ts';
import { formatBRL } from '../../../core/formatMoney.ts';
import { useRuntime } from '../../app/RuntimeContext.tsx';
import { useActionError } from '../../ui/useActionError.tsx';

type Extrato = paths['/api/Contas/{id}/extrato']['get']['responses'][200]['content']['application/json'];
type Conta = components['schemas']['Conta'];
type Origem = Extrato['movimentos'][number]['origem'];

const ORIGENS: Record<Origem, string> = {
  recebimento: 'Recebimento',
  pagamento: 'Pagamento',
  'transferencia-entrada': 'Transferência recebida',
  'transferencia-saida': 'Transferência enviada',
};

/** yyyy-MM-dd of a local date. */
const isoDay = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

/** The current month up to today: what a person opening the statement usually wants first. */
function currentMonth(): { inicio: string; fim: string } {
  const today = new Date();
  return { inicio: isoDay(new Date(today.getFullYear(), today.getMonth(), 1)), fim: isoDay(today) };
}

function Summary({ label, value, color }: { label: string; value: number; color?: string }) {
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardContent>
        <Typography variant="body2" color="text.secondary">
          {label}
        </Typography>
        <Typography variant="h6" sx={{ color, fontWeight: 600 }}>
          {formatBRL(value)}
        </Typography>
      </CardContent>
    </Card>
  );
}

/**
 * Financeiro › Extrato bancário: pick an account of the branch and a period; see the balance before it,
 * every settlement and transfer with the running balance, the totals and the closing balance; print.
 */
export default function ExtratoBancarioScreen() {
  const { api } = useRuntime();
  const showError = useActionError();
  const [contas, setContas] = useState<Conta[] | null>(null);
  const [contaId, setContaId] = useState<number | ''>('');
  const [period, setPeriod] = useState(currentMonth);
  const [extrato, setExtrato] = useState<Extrato | null>(null);
  const [loading, setLoading] = useState(false);

  useEffect(() => {
    const filter = JSON.stringify({ where: { ativo: true }, order: 'descricao ASC', limit: 200 });
    api
      .GET('/api/Contas', { params: { query: { filter } } })
      .then(({ data, error }) => {
        if (error) throw error;
        setContas(data ?? []);
        if (data?.length === 1) setContaId(data[0]?.id ?? '');
      })
      .catch((error) => {
        setContas([]);
        void showError(error);
      });
  }, [api, showError]);

  const consult = async (event?: FormEvent) => {
    event?.preventDefault();
    if (contaId === '') return;
    setLoading(true);
    try {
      const { data, error } = await api.GET('/api/Contas/{id}/extrato', {
        params: { path: { id: contaId }, query: period },
      });
      if (error) throw error;
      setExtrato(data ?? null);
    } catch (error) {
      setExtrato(null);
      await showError(error);
    } finally {
      setLoading(false);
    }
  };

  return (
    <>
      <Stack direction="row" sx={{ alignItems: 'center', mb: 2, gap: 1 }}>
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
          Extrato bancário
        </Typography>
        {extrato && (
          <Button startIcon={<Icon>print</Icon>} onClick={() => window.print()} sx={{ displayPrint: 'none' }}>
            Imprimir
          </Button>
        )}
      </Stack>
      {contas?.length === 0 ? (
        <Alert
          severity="info"
          action={
            <Button component={RouterLink} to="/pages/financeiro/contas/cadastrar" color="inherit">
              Cadastrar conta
            </Button>
          }
        >
          Nenhuma conta ativa nesta filial. Cadastre uma conta para consultar o extrato.
        </Alert>
      ) : (
        <Paper
          component="form"
          onSubmit={(event) => void consult(event)}
          sx={{ p: 2, mb: 2, displayPrint: 'none' }}
        >
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'center' } }}>
            <TextField
              select
              label="Conta"
              value={contaId}
              onChange={(event) => setContaId(Number(event.target.value))}
              sx={{ minWidth: 280 }}
              required
            >
              {(contas ?? []).map((conta) => (
                <MenuItem key={conta.id} value={conta.id}>
                  {conta.descricao}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              type="date"
              label="De"
              value={period.inicio}
              onChange={(event) => setPeriod({ ...period, inicio: event.target.value })}
              slotProps={{ inputLabel: { shrink: true } }}
              required
            />
            <TextField
              type="date"
              label="Até"
              value={period.fim}
              onChange={(event) => setPeriod({ ...period, fim: event.target.value })}
              slotProps={{ inputLabel: { shrink: true } }}
              required
            />
            <Button
              type="submit"
              variant="contained"
              disabled={contaId === '' || loading}
              sx={{ whiteSpace: 'nowrap', minWidth: 120 }}
            >
              {loading ? 'Carregando...' : 'Consultar'}
            </Button>
          </Stack>
        </Paper>
      )}
      <Box sx={{ height: 4 }}>{loading && <LinearProgress aria-label="Carregando extrato" />}</Box>
      {extrato && (
        <>
          <Typography variant="subtitle1" sx={{ mb: 1 }}>
            {extrato.conta.descricao} — de {formatDate(extrato.inicio)} a {formatDate(extrato.fim)}
          </Typography>
          <Grid container spacing={2} sx={{ mb: 2 }}>
            <Grid size={{ xs: 6, md: 3 }}>
              <Summary label="Saldo anterior" value={extrato.saldoAnterior} />
            </Grid>
            <Grid size={{ xs: 6, md: 3 }}>
              <Summary label="Entradas" value={extrato.entradas} color="success.main" />
            </Grid>
            <Grid size={{ xs: 6, md: 3 }}>
              <Summary label="Saídas" value={extrato.saidas} color="error.main" />
            </Grid>
            <Grid size={{ xs: 6, md: 3 }}>
              <Summary
                label="Saldo final"
                value={extrato.saldoFinal}
                color={extrato.saldoFinal < 0 ? 'error.main' : undefined}
              />
            </Grid>
          </Grid>
          <TableContainer component={Paper}>
            <Table size="small" aria-label="Movimentos da conta">
              <TableHead>
                <TableRow>
                  <TableCell>Data</TableCell>
                  <TableCell>Descrição</TableCell>
                  <TableCell>Pessoa</TableCell>
                  <TableCell>Origem</TableCell>
                  <TableCell align="right">Valor</TableCell>
                  <TableCell align="right">Saldo</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                <TableRow>
                  <TableCell>{formatDate(extrato.inicio)}</TableCell>
                  <TableCell colSpan={4}>Saldo anterior</TableCell>
                  <TableCell align="right">{formatBRL(extrato.saldoAnterior)}</TableCell>
                </TableRow>
                {extrato.movimentos.map((movimento) => (
                  <TableRow key={`${movimento.origem}-${movimento.id}`} hover>
                    <TableCell>{formatDate(movimento.data)}</TableCell>
                    <TableCell>{movimento.descricao}</TableCell>
                    <TableCell>{movimento.pessoa ?? ''}</TableCell>
                    <TableCell>{ORIGENS[movimento.origem]}</TableCell>
                    <TableCell
                      align="right"
                      sx={{
                        color: movimento.valor < 0 ? 'error.main' : 'success.main',
                        whiteSpace: 'nowrap',
                      }}
                    >
                      {formatBRL(movimento.valor)}
                    </TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      {formatBRL(movimento.saldo)}
                    </TableCell>
                  </TableRow>
                ))}
                {extrato.movimentos.length === 0 && (
                  <TableRow>
                    <TableCell colSpan={6} align="center" sx={{ py: 4, color: 'text.secondary' }}>
                      Nenhuma movimentação no período.
                    </TableCell>
                  </TableRow>
                )}
              </TableBody>
            </Table>
          </TableContainer>
        </>
      )}
    </>
  );
}
