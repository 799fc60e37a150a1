import { Alert, Box, Button, Paper, Stack, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { formatBRL } from '../../../core/formatMoney.ts';
import type { PdvApi, ResultadoVenda } from './pdvApi.ts';

/**
 * The finished sale: the SEFAZ answer of its NFC-e (authorised with its protocol, issued in offline
 * contingency, or why it was not issued), the change to hand over, and the DANFCE drawn from the stored XML.
 */
export function VendaResultado(props: { resultado: ResultadoVenda; calls: PdvApi; onNovaVenda: () => void }) {
  const { venda, nfce, erroNfce } = props.resultado;
  const [danfe, setDanfe] = useState<string | null>(null);
  const [erroDanfe, setErroDanfe] = useState<string | null>(null);
  const imprimivel = nfce !== null && (nfce.situacao === 1 || nfce.situacao === 5);
  useEffect(() => {
    if (!imprimivel) return;
    let url: string | null = null;
    props.calls
      .danfe(venda.caixaId, venda.notaFiscalId)
      .then((blob) => {
        url = URL.createObjectURL(blob);
        setDanfe(url);
      })
      .catch((error: Error) => setErroDanfe(error.message));
    return () => {
      if (url) URL.revokeObjectURL(url);
    };
  }, [imprimivel, venda.caixaId, venda.notaFiscalId, props.calls]);
  return (
    <Paper sx={{ p: 2 }} aria-label="Venda concluída">
      <Stack spacing={1.5}>
        <Typography variant="h6" component="h2">
          {`Venda concluída — NFC-e ${venda.serie}/${venda.numero}`}
        </Typography>
        <Stack direction="row" spacing={4}>
          <Typography>{`Total: ${formatBRL(venda.valorTotal)}`}</Typography>
          <Typography>{`Pago: ${formatBRL(venda.valorPago)}`}</Typography>
          <Typography sx={{ fontWeight: 700 }}>{`Troco: ${formatBRL(venda.troco)}`}</Typography>
        </Stack>
        {nfce?.situacao === 1 && (
          <Alert severity="success">{`NFC-e autorizada pela SEFAZ — protocolo ${nfce.protocolo ?? ''}${nfce.xMotivo ? ` (${nfce.cStat ?? ''} ${nfce.xMotivo})` : ''}`}</Alert>
        )}
        {nfce?.situacao === 5 && (
          <Alert severity="warning">
            NFC-e emitida em contingência offline: a SEFAZ não respondeu; ela será transmitida
            automaticamente.
          </Alert>
        )}
        {nfce && nfce.situacao !== 1 && nfce.situacao !== 5 && (
          <Alert severity="error">{`NFC-e ${nfce.situacaoDescricao}: ${nfce.xMotivo ?? ''}`}</Alert>
        )}
        {erroNfce && (
          <Alert severity="error">{`A venda foi registrada, mas a NFC-e não foi emitida: ${erroNfce}`}</Alert>
        )}
        {nfce?.chave && (
          <Typography variant="body2" color="text.secondary">{`Chave de acesso: ${nfce.chave}`}</Typography>
        )}
        {erroDanfe && <Alert severity="info">{erroDanfe}</Alert>}
        {danfe && (
          <Box>
            <Button
              component="a"
              href={danfe}
              target="_blank"
              rel="noopener"
              variant="outlined"
              download={`danfce-${venda.serie}-${venda.numero}.pdf`}
            >
              DANFCE (PDF) para imprimir
            </Button>
          </Box>
        )}
        <Box>
          <Button variant="contained" autoFocus onClick={props.onNovaVenda}>
            Nova venda (Enter)
          </Button>
        </Box>
      </Stack>
    </Paper>
  );
}
