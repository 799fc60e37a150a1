import {
  Alert,
  Box,
  Button,
  Chip,
  LinearProgress,
  Link,
  MenuItem,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import Icon from '@mui/material/Icon';
import { formatBRL } from '../../../../core/formatMoney.ts';
import { FilePickButton } from '../../../ui/FilePickButton.tsx';
import { formatIsoDate } from './ofxTypes.ts';
import { ReconcileTable } from './ReconcileTable.tsx';
import { useConciliacaoOfx } from './useConciliacaoOfx.ts';

/**
 * Financeiro › Conciliação OFX (key FINANCEIRO_CONCILIACAO_OFX): read a bank statement (OFX), see each
 * line next to the open receita or despesa of the same value due nearby, confirm, and the baixas are
 * created in the chosen account (CRIAR). Lines already reconciled are recognised by their FITID.
 */
export default function ConciliacaoOfxScreen() {
  const controller = useConciliacaoOfx();
  const { contas, contaId, statement, busy, chosen, canCreate } = controller;
  const conciliadas =
    statement?.transacoes.filter((line) => controller.sugestoes.get(line.fitId)?.baixaId).length ?? 0;
  return (
    <Box sx={{ maxWidth: 1200, mx: 'auto' }}>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        Conciliação OFX
      </Typography>
      {contas !== null && contas.length === 0 && (
        <Alert severity="info" sx={{ mb: 2 }}>
          Nenhuma conta bancária cadastrada nesta filial.{' '}
          <Link href="#/pages/financeiro/contas/cadastrar">Cadastre a conta</Link> antes de conciliar o
          extrato.
        </Alert>
      )}
      <Paper sx={{ p: 2, mb: 2 }}>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'center' } }}>
          <TextField
            select
            label="Conta bancária"
            value={contaId}
            onChange={(event) => controller.setContaId(Number(event.target.value))}
            sx={{ minWidth: 320 }}
            disabled={!contas?.length}
          >
            {(contas ?? []).map((conta) => (
              <MenuItem key={conta.id} value={conta.id}>
                {conta.descricao}
                {conta.numeroConta ? ` — ag. ${conta.agencia ?? '?'} c/c ${conta.numeroConta}` : ''}
              </MenuItem>
            ))}
          </TextField>
          <FilePickButton
            accept=".ofx,.OFX,application/x-ofx,text/plain"
            inputLabel="Arquivo OFX"
            onFile={(file) => void controller.load(file)}
            disabled={busy}
            sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
          >
            Escolher arquivo OFX
          </FilePickButton>
        </Stack>
        {statement && (
          <Stack direction="row" spacing={1} sx={{ mt: 2, flexWrap: 'wrap', rowGap: 1 }}>
            <Chip icon={<Icon>description</Icon>} label={statement.arquivo} />
            {controller.extratos.length > 1 && (
              <TextField
                select
                size="small"
                label="Conta do arquivo"
                value={controller.extratos.indexOf(statement)}
                onChange={(event) => void controller.selectExtrato(Number(event.target.value))}
                sx={{ minWidth: 220 }}
              >
                {controller.extratos.map((extrato, index) => (
                  <MenuItem key={`${extrato.banco}-${extrato.agencia}-${extrato.conta}`} value={index}>
                    {`Conta ${extrato.conta ?? '?'} (${extrato.transacoes.length} transação(ões))`}
                  </MenuItem>
                ))}
              </TextField>
            )}
            {statement.conta && (
              <Chip
                label={`Banco ${statement.banco ?? '?'} · ag. ${statement.agencia ?? '?'} · conta ${statement.conta}`}
              />
            )}
            {statement.inicio && statement.fim && (
              <Chip label={`Período ${formatIsoDate(statement.inicio)} a ${formatIsoDate(statement.fim)}`} />
            )}
            {statement.saldo !== null && <Chip label={`Saldo ${formatBRL(statement.saldo)}`} />}
            <Chip label={`${statement.transacoes.length} transação(ões) · ${conciliadas} conciliada(s)`} />
          </Stack>
        )}
      </Paper>
      <Box sx={{ height: 4, mb: 1 }}>{busy && <LinearProgress aria-label="Carregando" />}</Box>
      {controller.progresso && (
        <Typography role="status" variant="body2" sx={{ mb: 1 }}>
          {controller.progresso}
        </Typography>
      )}
      {statement && !contaId && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          Escolha a conta bancária do extrato para ver as sugestões.
        </Alert>
      )}
      {statement && contaId !== '' && (
        <Paper sx={{ mb: 2 }}>
          <Box sx={{ overflowX: 'auto' }}>
            <ReconcileTable
              transacoes={statement.transacoes}
              sugestoes={controller.sugestoes}
              escolhas={controller.escolhas}
              onChoose={controller.choose}
            />
          </Box>
          <Stack direction="row" spacing={2} sx={{ p: 2, alignItems: 'center', justifyContent: 'flex-end' }}>
            {!canCreate && (
              <Typography variant="body2" color="text.secondary">
                Seu perfil permite apenas consultar.
              </Typography>
            )}
            <Button
              variant="contained"
              startIcon={<Icon>done_all</Icon>}
              onClick={() => void controller.confirm()}
              disabled={busy || chosen === 0 || !canCreate}
            >
              Confirmar baixas ({chosen})
            </Button>
          </Stack>
        </Paper>
      )}
    </Box>
  );
}
