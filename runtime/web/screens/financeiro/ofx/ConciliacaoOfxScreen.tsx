import {
  Alert,
  Box,
  LinearProgress,
  Link,
  MenuItem,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { formatBRL } from '../../../../core/formatMoney.ts';
import { FilePickButton } from '../../../ui/FilePickButton.tsx';
import { ConciliarDialog } from './ConciliarDialog.tsx';
import { LinhasTable } from './LinhasTable.tsx';
import type { Linha } from './ofxTypes.ts';
import { useConciliacaoOfx } from './useConciliacaoOfx.ts';

/**
 * Financeiro › Conciliação OFX (key FINANCEIRO_CONCILIACAO_OFX): import a bank statement (OFX) into an
 * account — the server keeps only new lines and checks the balance — then reconcile each line with the
 * account's movements or open titles ranked by score, create a movement (tarifa, rendimento), ignore it,
 * or undo. Actions need CRIAR.
 */
export default function ConciliacaoOfxScreen() {
  const controller = useConciliacaoOfx();
  const { contas, contaId, linhas, importacao, busy, canCreate } = controller;
  const [aberta, setAberta] = useState<Linha | null>(null);
  return (
    <Box sx={{ maxWidth: 1280, mx: 'auto' }}>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        Conciliação OFX
      </Typography>
      {contas !== null && contas.length === 0 && (
        <Alert severity="info" sx={{ mb: 2 }}>
          Nenhuma conta bancária cadastrada nesta filial.{' '}
          <Link href="#/pages/financeiro/contas/cadastrar">Cadastre a conta</Link> antes de importar o
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
          <TextField
            select
            label="Situação"
            value={controller.situacao === '' ? 'todas' : controller.situacao}
            onChange={(event) =>
              controller.setSituacao(
                event.target.value === 'todas' ? '' : (Number(event.target.value) as 0 | 1 | 2),
              )
            }
            sx={{ minWidth: 180 }}
          >
            <MenuItem value={0}>Pendentes</MenuItem>
            <MenuItem value={1}>Conciliadas</MenuItem>
            <MenuItem value={2}>Ignoradas</MenuItem>
            <MenuItem value="todas">Todas</MenuItem>
          </TextField>
          <FilePickButton
            accept=".ofx,.OFX,application/x-ofx,text/plain"
            inputLabel="Arquivo OFX"
            onFile={(file) => void controller.upload(file)}
            disabled={busy || contaId === '' || !canCreate}
            sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
          >
            Importar arquivo OFX
          </FilePickButton>
        </Stack>
      </Paper>
      {importacao && (
        <Alert severity="success" sx={{ mb: 1 }} role="status">
          {importacao.arquivo}: {importacao.linhasNovas} linha(s) nova(s), {importacao.linhasExistentes} já
          importada(s)
          {importacao.linhasInformativas > 0
            ? `, ${importacao.linhasInformativas} de saldo ou futura(s) não importada(s)`
            : ''}
          .
          {importacao.saldoFinal !== null && importacao.diferenca === 0
            ? ` Saldo final ${formatBRL(importacao.saldoFinal)} confere com o sistema.`
            : ''}
        </Alert>
      )}
      {importacao?.avisos.map((aviso) => (
        <Alert key={aviso} severity="warning" sx={{ mb: 1 }}>
          {aviso}
        </Alert>
      ))}
      <Box sx={{ height: 4, mb: 1 }}>{busy && <LinearProgress aria-label="Carregando" />}</Box>
      {contaId !== '' && linhas && (
        <Paper sx={{ mb: 2 }}>
          {linhas.length === 0 ? (
            <Typography sx={{ p: 2 }} color="text.secondary">
              Nenhuma linha nesta situação. Importe o extrato OFX da conta.
            </Typography>
          ) : (
            <Box sx={{ overflowX: 'auto' }}>
              <LinhasTable
                linhas={linhas}
                canCreate={canCreate}
                busy={busy}
                onConciliar={setAberta}
                onIgnorar={(linha) => void controller.ignorar(linha.id)}
                onDesfazer={(linha) => void controller.desfazer(linha.id)}
              />
            </Box>
          )}
          {!canCreate && (
            <Typography variant="body2" color="text.secondary" sx={{ p: 2 }}>
              Seu perfil permite apenas consultar.
            </Typography>
          )}
        </Paper>
      )}
      {aberta && (
        <ConciliarDialog
          linha={aberta}
          onClose={() => setAberta(null)}
          onConfirm={(body) => {
            setAberta(null);
            void controller.conciliar(aberta.id, body);
          }}
        />
      )}
    </Box>
  );
}
