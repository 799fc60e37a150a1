import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import Icon from '@mui/material/Icon';
import { useEffect, useState } from 'react';
import { extractErrorMessage } from '../../../core/extractErrorMessage.ts';
import { formatDateTime } from '../../../core/formatDate.ts';
import { useRuntime } from '../../app/RuntimeContext.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { recordsRequest } from '../../views/form/recordsRequest.ts';
import type { ScreenProps } from '../index.ts';
import { respostaSefaz } from './situacaoNota.ts';

interface Transmissao {
  id: number;
  servico: string;
  cStat: number | null;
  xMotivo: string | null;
  protocolo: string | null;
  erro: string | null;
  requisicao: string;
  resposta: string | null;
  xmlProcessado: string | null;
  criadoEm: string;
}

const Xml = ({ titulo, texto }: { titulo: string; texto: string }) => (
  <Box sx={{ mb: 2 }}>
    <Typography variant="subtitle2" component="h3">
      {titulo}
    </Typography>
    <Box
      component="pre"
      sx={{
        m: 0,
        p: 1,
        maxHeight: 260,
        overflow: 'auto',
        bgcolor: 'action.hover',
        fontSize: 12,
        whiteSpace: 'pre-wrap',
        wordBreak: 'break-all',
      }}
    >
      {texto}
    </Box>
  </Box>
);

/**
 * NF-e › Notas processadas › Transmissões of one nota (route pages/nfe/notas-processadas/transmissoes/:id):
 * every request sent to SEFAZ about it, oldest first, with the answer's cStat and motive or the
 * transmission error; each request and answer (and an event's procEventoNFe) opens as XML text.
 */
export default function TransmissoesScreen({ params }: ScreenProps) {
  const id = Number(params.id);
  const { api } = useRuntime();
  const [linhas, setLinhas] = useState<Transmissao[] | null>(null);
  const [erro, setErro] = useState<string | null>(null);
  const [aberta, setAberta] = useState<Transmissao | null>(null);

  useEffect(() => {
    recordsRequest<Transmissao[]>(api, 'GET', `/api/NotasFiscais/${id}/transmissoes`)
      .then(setLinhas)
      .catch((error: unknown) => setErro(extractErrorMessage(error)));
  }, [api, id]);

  return (
    <Box>
      <PageHeader
        title="Transmissões à SEFAZ"
        description="Cada requisição enviada à SEFAZ sobre esta nota e a resposta recebida (ou o erro de transmissão)."
        actions={
          <>
            <Button href={`#/pages/nfe/notas-processadas/emitir/${id}`} startIcon={<Icon>receipt_long</Icon>}>
              Abrir a nota
            </Button>
            <Button href="#/pages/nfe/notas-processadas" startIcon={<Icon>list</Icon>}>
              Notas processadas
            </Button>
          </>
        }
      />
      {erro && <Alert severity="warning">{erro}</Alert>}
      {!linhas && !erro && <LinearProgress aria-label="Carregando as transmissões" />}
      {linhas && linhas.length === 0 && (
        <Typography color="text.secondary">Nada foi enviado à SEFAZ sobre esta nota.</Typography>
      )}
      {linhas && linhas.length > 0 && (
        <Table size="small" aria-label="Transmissões">
          <TableHead>
            <TableRow>
              <TableCell>Data</TableCell>
              <TableCell>Serviço</TableCell>
              <TableCell>Resposta</TableCell>
              <TableCell>Protocolo</TableCell>
              <TableCell aria-label="Ações" />
            </TableRow>
          </TableHead>
          <TableBody>
            {linhas.map((linha) => (
              <TableRow key={linha.id}>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(linha.criadoEm)}</TableCell>
                <TableCell>{linha.servico}</TableCell>
                <TableCell>
                  {linha.erro ? (
                    <Typography color="error" variant="body2">
                      {linha.erro}
                    </Typography>
                  ) : (
                    respostaSefaz(linha.cStat, linha.xMotivo) || 'Sem resposta'
                  )}
                </TableCell>
                <TableCell sx={{ fontFamily: 'monospace' }}>{linha.protocolo ?? ''}</TableCell>
                <TableCell>
                  <Button size="small" onClick={() => setAberta(linha)}>
                    Ver XML
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <Dialog open={aberta !== null} onClose={() => setAberta(null)} maxWidth="md" fullWidth>
        {aberta && (
          <>
            <DialogTitle>
              {aberta.servico} — {formatDateTime(aberta.criadoEm)}
            </DialogTitle>
            <DialogContent>
              <Xml titulo="Requisição" texto={aberta.requisicao} />
              <Xml titulo="Resposta" texto={aberta.resposta ?? aberta.erro ?? 'Sem resposta'} />
              {aberta.xmlProcessado && <Xml titulo="Evento registrado" texto={aberta.xmlProcessado} />}
            </DialogContent>
            <DialogActions>
              <Button onClick={() => setAberta(null)}>Fechar</Button>
            </DialogActions>
          </>
        )}
      </Dialog>
    </Box>
  );
}
