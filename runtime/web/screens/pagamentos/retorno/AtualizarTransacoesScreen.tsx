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
import { FilePickButton } from '../../../ui/FilePickButton.tsx';
import { RetornoTable } from './RetornoTable.tsx';
import type { Resultado } from './retornoTypes.ts';
import { useAtualizarTransacoes } from './useAtualizarTransacoes.ts';

function resumo(resultado: Resultado): string {
  const partes: Array<[number, string]> = [
    [resultado.pagamentos, 'pagamento(s) registrado(s)'],
    [resultado.baixasReceita, 'receita(s) baixada(s)'],
    [resultado.baixados, 'boleto(s) baixado(s)'],
    [resultado.registrados, 'registro(s) confirmado(s)'],
    [resultado.transacoes, 'transação(ões) no extrato do gateway'],
  ];
  const feitos = partes.filter(([count]) => count > 0).map(([count, label]) => `${count} ${label}`);
  return `${[`${resultado.ocorrencias} ocorrência(s) processada(s)`, ...feitos].join(' · ')}.`;
}

/**
 * Configurações › Pagamento › Atualizar transações (key CONFIG_ATUALIZAR_TRANSACOES): the bank's return
 * file (CNAB 400 or 240) of a boleto gateway is previewed occurrence by occurrence and, once confirmed
 * (CRIAR), updates the boletos, settles their receitas and fills the gateway statement. Occurrences
 * applied before show as "Já processado".
 */
export default function AtualizarTransacoesScreen() {
  const controller = useAtualizarTransacoes();
  const { gateways, gatewayId, previa, resultado, busy, canApply, total } = controller;
  const processados = (previa?.itens.length ?? 0) - total;
  return (
    <Box sx={{ maxWidth: 1200, mx: 'auto' }}>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        Atualizar transações
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Envie o arquivo de retorno de cobrança do banco (CNAB 400 ou CNAB 240) para registrar os pagamentos,
        baixas e tarifas dos boletos.
      </Typography>
      {gateways !== null && gateways.length === 0 && (
        <Alert severity="info" sx={{ mb: 2 }}>
          Nenhum gateway de boleto ativo nesta empresa.{' '}
          <Link href="#/pages/configuracoes/gateway-boleto/cadastrar">Cadastre o gateway</Link> antes de
          atualizar as transações.
        </Alert>
      )}
      <Paper sx={{ p: 2, mb: 2 }}>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'center' } }}>
          <TextField
            select
            label="Gateway de boleto"
            value={gatewayId}
            onChange={(event) => controller.setGatewayId(Number(event.target.value))}
            sx={{ minWidth: 320 }}
            disabled={!gateways?.length}
          >
            {(gateways ?? []).map((gateway) => (
              <MenuItem key={gateway.id} value={gateway.id}>
                {gateway.descricao} — banco {gateway.banco} · convênio {gateway.convenio}
              </MenuItem>
            ))}
          </TextField>
          <FilePickButton
            accept=".ret,.RET,.txt,.TXT,.rem,.crt,text/plain"
            inputLabel="Arquivo de retorno"
            onFile={(file) => void controller.load(file)}
            disabled={busy || !gateways?.length}
            sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
          >
            Escolher arquivo de retorno
          </FilePickButton>
        </Stack>
        {previa && (
          <Stack direction="row" spacing={1} sx={{ mt: 2, flexWrap: 'wrap', rowGap: 1 }}>
            <Chip icon={<Icon>description</Icon>} label={previa.arquivo} />
            <Chip
              label={`${previa.layout === 'CNAB240' ? 'CNAB 240' : 'CNAB 400'} · banco ${previa.banco}`}
            />
            <Chip label={`${previa.itens.length} ocorrência(s) · ${processados} já processada(s)`} />
          </Stack>
        )}
      </Paper>
      <Box sx={{ height: 4, mb: 1 }}>{busy && <LinearProgress aria-label="Carregando" />}</Box>
      {controller.arquivo && !gatewayId && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          Escolha o gateway de boleto do arquivo para ver as ocorrências.
        </Alert>
      )}
      {resultado && (
        <Alert severity="success" sx={{ mb: 2 }}>
          {resumo(resultado)} <Link href="#/pages/pagamentos/boletos">Ver boletos</Link>
        </Alert>
      )}
      {previa && (
        <Paper sx={{ mb: 2 }}>
          {previa.itens.length === 0 ? (
            <Typography sx={{ p: 2 }} color="text.secondary">
              O arquivo não tem ocorrências de boletos.
            </Typography>
          ) : (
            <Box sx={{ overflowX: 'auto' }}>
              <RetornoTable itens={previa.itens} />
            </Box>
          )}
          <Stack direction="row" spacing={2} sx={{ p: 2, alignItems: 'center', justifyContent: 'flex-end' }}>
            {!canApply && (
              <Typography variant="body2" color="text.secondary">
                Seu perfil permite apenas consultar.
              </Typography>
            )}
            <Button
              variant="contained"
              startIcon={<Icon>done_all</Icon>}
              onClick={() => void controller.confirm()}
              disabled={busy || total === 0 || !canApply}
            >
              Confirmar ({total})
            </Button>
          </Stack>
        </Paper>
      )}
    </Box>
  );
}
