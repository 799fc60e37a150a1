import { Alert, AlertTitle, Box, Chip, LinearProgress, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { corDaSituacao, respostaSefaz, SITUACAO } from './situacaoNota.ts';
import type { EstadoNota, NotaEmissao } from './useEmissaoNota.ts';

const Campo = ({ rotulo, valor, mono }: { rotulo: string; valor: string; mono?: boolean }) => (
  <Box>
    <Typography variant="caption" color="text.secondary" component="div">
      {rotulo}
    </Typography>
    <Typography sx={mono ? { fontFamily: 'monospace', wordBreak: 'break-all' } : undefined}>
      {valor}
    </Typography>
  </Box>
);

/**
 * The nota's situação as a coloured chip and SEFAZ's last answer (cStat and xMotivo in pt-BR), the
 * protocolo and the chave once authorised, the transmission error as the server worded it, and a progress
 * bar while the lote is em processamento; `acoes` are the buttons of the situação.
 */
export function RespostaSefaz({
  nota,
  resposta,
  rotuloSituacao,
  erro,
  aguardando,
  acoes,
}: {
  nota: NotaEmissao;
  resposta: EstadoNota | null;
  rotuloSituacao: string;
  erro: string | null;
  aguardando: boolean;
  acoes: ReactNode;
}) {
  const situacao = resposta?.situacao ?? nota.situacao;
  const linha = respostaSefaz(resposta?.cStat, resposta?.xMotivo ?? nota.motivoRejeicao);
  const severidade =
    situacao === SITUACAO.AUTORIZADO
      ? 'success'
      : situacao === SITUACAO.REJEITADO || situacao === SITUACAO.DENEGADO || situacao === SITUACAO.ERRO
        ? 'error'
        : 'info';
  const protocolo = resposta?.protocolo ?? nota.protocolo;
  const chave = resposta?.chave ?? nota.chave;
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Chip
          label={rotuloSituacao}
          color={corDaSituacao(situacao)}
          aria-label={`Situação: ${rotuloSituacao}`}
        />
        {acoes}
      </Stack>
      {aguardando && (
        <Box>
          <Typography variant="body2" color="text.secondary">
            Aguardando a SEFAZ processar o lote…
          </Typography>
          <LinearProgress aria-label="Aguardando a SEFAZ" />
        </Box>
      )}
      {erro && (
        <Alert severity="error">
          <AlertTitle>A nota não foi transmitida</AlertTitle>
          {erro}
        </Alert>
      )}
      {linha && (
        <Alert severity={severidade} aria-label="Resposta da SEFAZ">
          <AlertTitle>Resposta da SEFAZ</AlertTitle>
          {linha}
        </Alert>
      )}
      {(resposta?.avisos ?? []).map((aviso) => (
        <Alert key={aviso} severity="warning">
          {aviso}
        </Alert>
      ))}
      {(protocolo || chave) && (
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={3}>
          {protocolo && <Campo rotulo="Protocolo de autorização" valor={protocolo} mono />}
          {chave && <Campo rotulo="Chave de acesso" valor={chave.replace(/(.{4})/g, '$1 ').trim()} mono />}
        </Stack>
      )}
    </Stack>
  );
}
