import {
  Alert,
  Box,
  Button,
  Chip,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { type FormEvent, useState } from 'react';
import type { components } from '../../../../generated/api.d.ts';
import { useRuntime } from '../../app/RuntimeContext.tsx';
import { useActionError } from '../../ui/useActionError.tsx';

type Relatorio = components['schemas']['RelatorioLgpd'];

const date = (iso: string | null | undefined) => (iso ? new Date(iso).toLocaleDateString('pt-BR') : '—');

/**
 * Configurações › LGPD: finds a data subject by CPF/CNPJ, e-mail or name across every entity with
 * personal-data fields and shows the report the law asks for (what, where, since when, shared with
 * whom); anonymises on request where no legal retention applies. Every request is recorded.
 */
export default function LgpdScreen() {
  const { api } = useRuntime();
  const showError = useActionError();
  const [termo, setTermo] = useState('');
  const [relatorio, setRelatorio] = useState<Relatorio | undefined>();
  const [busy, setBusy] = useState(false);

  const run = async (tipo: 'consulta' | 'anonimizacao') => {
    setBusy(true);
    try {
      const path = tipo === 'consulta' ? '/api/Lgpd/consulta' : '/api/Lgpd/anonimizacao';
      const { data, error } = await api.POST(path, { body: { termo } });
      if (error) throw error;
      setRelatorio(data);
    } catch (error) {
      void showError(error);
    } finally {
      setBusy(false);
    }
  };
  const search = (event: FormEvent) => {
    event.preventDefault();
    void run('consulta');
  };
  const anonimizaveis = relatorio?.registros.filter((r) => !r.retencao && !r.anonimizado).length ?? 0;

  return (
    <Box sx={{ maxWidth: 1100, mx: 'auto' }}>
      <Typography variant="h5" component="h1" gutterBottom>
        LGPD: dados pessoais
      </Typography>
      <Stack
        component="form"
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        onSubmit={search}
        sx={{ mb: 2 }}
      >
        <TextField
          label="CPF, CNPJ, e-mail ou nome do titular"
          size="small"
          value={termo}
          onChange={(event) => setTermo(event.target.value)}
          sx={{ minWidth: 360 }}
        />
        <Button type="submit" variant="contained" disabled={busy || termo.trim().length === 0}>
          Gerar relatório
        </Button>
        {relatorio?.tipo === 'consulta' && anonimizaveis > 0 && (
          <Button
            color="error"
            variant="outlined"
            disabled={busy}
            onClick={() => {
              if (
                window.confirm(
                  `Anonimizar ${anonimizaveis} registro(s) deste titular? Esta ação não pode ser desfeita.`,
                )
              )
                void run('anonimizacao');
            }}
          >
            Anonimizar
          </Button>
        )}
      </Stack>
      {relatorio && (
        <Stack spacing={2}>
          <Alert severity="info">
            Solicitação nº {relatorio.solicitacaoId} registrada em{' '}
            {new Date(relatorio.geradoEm).toLocaleString('pt-BR')}: {relatorio.registros.length} registro(s)
            encontrado(s).
          </Alert>
          {relatorio.registros.map((registro) => (
            <Paper key={`${registro.entidade}-${registro.id}`} sx={{ p: 2 }}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
                <Typography variant="subtitle1" component="h2">
                  {registro.rotulo} nº {registro.id}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  desde {date(registro.desde)}
                </Typography>
                {registro.anonimizado && <Chip size="small" color="success" label="Anonimizado" />}
                {registro.retencao && (
                  <Chip size="small" color="warning" label="Mantido por obrigação legal" />
                )}
              </Stack>
              {registro.retencao && (
                <Typography variant="body2" sx={{ mb: 1 }}>
                  {registro.retencao}
                </Typography>
              )}
              <Table size="small" aria-label={`${registro.rotulo} ${registro.id}`}>
                <TableHead>
                  <TableRow>
                    <TableCell>Dado</TableCell>
                    <TableCell>Valor</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {registro.dados.map((dado) => (
                    <TableRow key={dado.campo}>
                      <TableCell>{dado.rotulo}</TableCell>
                      <TableCell>{dado.valor ?? '—'}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Paper>
          ))}
          <Paper sx={{ p: 2 }}>
            <Typography variant="subtitle1" component="h2" gutterBottom>
              Compartilhamento
            </Typography>
            {relatorio.compartilhamentos.length === 0 ? (
              <Typography>Nenhum compartilhamento destes dados com terceiros.</Typography>
            ) : (
              relatorio.compartilhamentos.map((texto) => <Typography key={texto}>{texto}</Typography>)
            )}
          </Paper>
        </Stack>
      )}
    </Box>
  );
}
