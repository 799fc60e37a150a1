import {
  Alert,
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  IconButton,
  LinearProgress,
  Paper,
  Stack,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import Icon from '@mui/material/Icon';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import type { components } from '../../../../generated/api.d.ts';
import { extractErrorMessage } from '../../../core/extractErrorMessage.ts';
import { formatDate } from '../../../core/formatDate.ts';
import { useRuntime } from '../../app/RuntimeContext.tsx';
import { useNotify } from '../../ui/NotifyProvider.tsx';
import { useActionError } from '../../ui/useActionError.tsx';
import { AdminPage } from './AdminPage.tsx';

type PdvVersao = components['schemas']['PdvVersao'];
type Form = Pick<PdvVersao, 'versao' | 'data' | 'url' | 'obrigatoria' | 'notas'>;

const SEMVER = /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(-[0-9A-Za-z.-]+)?$/;
const HTTPS_URL = /^https:\/\/[^\s/?#@]+\.[^\s/?#@]+(?:[/?#]\S*)?$/;

function today(): string {
  const now = new Date();
  return new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
}

/** The server's rules (routes/PdvVersoes), checked before sending. */
function formErrors(form: Form): Partial<Record<keyof Form, string>> {
  const errors: Partial<Record<keyof Form, string>> = {};
  const versao = form.versao.trim();
  const url = form.url.trim();
  if (!versao) errors.versao = 'Campo Obrigatório!';
  else if (!SEMVER.test(versao)) errors.versao = 'Use o formato semver, ex.: 2.4.1 ou 3.0.0-beta.1';
  if (!form.data) errors.data = 'Campo Obrigatório!';
  if (!url) errors.url = 'Campo Obrigatório!';
  else if (!HTTPS_URL.test(url))
    errors.url = 'Informe um endereço https, ex.: https://downloads.exemplo.com.br/pdv.exe';
  return errors;
}

function VersaoDialog({
  editing,
  onClose,
  onSaved,
}: {
  editing: PdvVersao | 'new';
  onClose(): void;
  onSaved(): void;
}) {
  const { api } = useRuntime();
  const notify = useNotify();
  const [form, setForm] = useState<Form>(
    editing === 'new'
      ? { versao: '', data: today(), url: '', obrigatoria: false, notas: '' }
      : {
          versao: editing.versao,
          data: editing.data,
          url: editing.url,
          obrigatoria: editing.obrigatoria,
          notas: editing.notas,
        },
  );
  const [submitted, setSubmitted] = useState(false);
  const [saving, setSaving] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const errors = submitted ? formErrors(form) : {};
  const title = editing === 'new' ? 'Nova versão' : `Editar versão ${editing.versao}`;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(formErrors(form)).length > 0) return;
    const body = { ...form, versao: form.versao.trim(), url: form.url.trim(), notas: form.notas.trim() };
    setSaving(true);
    setServerError(null);
    try {
      const { error } =
        editing === 'new'
          ? await api.POST('/api/PdvVersoes', { body })
          : await api.PUT('/api/PdvVersoes/{id}', { params: { path: { id: editing.id } }, body });
      if (error) throw error;
      notify.toast(`Versão ${body.versao} salva.`, { severity: 'success' });
      onSaved();
    } catch (error) {
      setServerError(extractErrorMessage(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="pdv-versao-dialog">
      <Box component="form" noValidate onSubmit={(event) => void submit(event)}>
        <DialogTitle id="pdv-versao-dialog">{title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {serverError && <Alert severity="warning">{serverError}</Alert>}
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField
                label="Versão"
                required
                placeholder="2.4.1"
                value={form.versao}
                onChange={(event) => setForm({ ...form, versao: event.target.value })}
                error={Boolean(errors.versao)}
                helperText={errors.versao}
                slotProps={{ htmlInput: { maxLength: 60 } }}
                fullWidth
              />
              <TextField
                label="Data"
                required
                type="date"
                value={form.data}
                onChange={(event) => setForm({ ...form, data: event.target.value })}
                error={Boolean(errors.data)}
                helperText={errors.data}
                slotProps={{ inputLabel: { shrink: true } }}
                fullWidth
              />
            </Stack>
            <TextField
              label="Endereço de download"
              required
              type="url"
              placeholder="https://"
              value={form.url}
              onChange={(event) => setForm({ ...form, url: event.target.value })}
              error={Boolean(errors.url)}
              helperText={errors.url}
              slotProps={{ htmlInput: { maxLength: 2000 } }}
            />
            <FormControlLabel
              control={
                <Switch
                  checked={form.obrigatoria}
                  onChange={(event) => setForm({ ...form, obrigatoria: event.target.checked })}
                />
              }
              label="Atualização obrigatória"
            />
            <TextField
              label="Notas da versão"
              multiline
              minRows={3}
              value={form.notas}
              onChange={(event) => setForm({ ...form, notas: event.target.value })}
              slotProps={{ htmlInput: { maxLength: 4000 } }}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={saving}>
            Cancelar
          </Button>
          <Button type="submit" variant="contained" disabled={saving}>
            {saving ? 'Carregando...' : 'Salvar'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

/** Administrador › Versões do PDV: the POS program versions this white-label publishes (/api/PdvVersoes). */
export default function PdvVersoesScreen() {
  const { api } = useRuntime();
  const notify = useNotify();
  const showError = useActionError();
  const [versoes, setVersoes] = useState<PdvVersao[]>([]);
  const [loading, setLoading] = useState(true);
  const [editing, setEditing] = useState<PdvVersao | 'new' | null>(null);

  const load = useCallback(async () => {
    setLoading(true);
    try {
      const { data, error } = await api.GET('/api/PdvVersoes');
      if (error) throw error;
      setVersoes(data ?? []);
    } catch (error) {
      await showError(error);
    } finally {
      setLoading(false);
    }
  }, [api, showError]);

  useEffect(() => {
    void load();
  }, [load]);

  const remove = async (versao: PdvVersao) => {
    const ok = await notify.confirm({
      title: 'Excluir versão',
      message: `Excluir a versão ${versao.versao} do PDV?`,
      confirmLabel: 'Excluir',
    });
    if (!ok) return;
    try {
      const { error } = await api.DELETE('/api/PdvVersoes/{id}', { params: { path: { id: versao.id } } });
      if (error) throw error;
      notify.toast(`Versão ${versao.versao} excluída.`, { severity: 'success' });
      await load();
    } catch (error) {
      await showError(error);
    }
  };

  return (
    <AdminPage
      title="Versões do PDV"
      description="Versões do programa de PDV publicadas para este white-label, da mais nova para a mais antiga."
      avancoOnly
      actions={
        <Button variant="contained" startIcon={<Icon>add</Icon>} onClick={() => setEditing('new')}>
          Nova versão
        </Button>
      }
    >
      {loading && <LinearProgress aria-label="Carregando versões" sx={{ mb: 1 }} />}
      <TableContainer component={Paper}>
        <Table aria-label="Versões do PDV" size="small">
          <TableHead>
            <TableRow>
              <TableCell>Versão</TableCell>
              <TableCell>Data</TableCell>
              <TableCell>Download</TableCell>
              <TableCell>Notas</TableCell>
              <TableCell align="right">Ações</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {!loading && versoes.length === 0 && (
              <TableRow>
                <TableCell colSpan={5}>
                  <Typography color="text.secondary">Nenhuma versão publicada.</Typography>
                </TableCell>
              </TableRow>
            )}
            {versoes.map((versao) => (
              <TableRow key={versao.id} hover>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                    <strong>{versao.versao}</strong>
                    {versao.obrigatoria && <Chip size="small" color="warning" label="Obrigatória" />}
                  </Stack>
                </TableCell>
                <TableCell>{formatDate(versao.data)}</TableCell>
                <TableCell
                  sx={{ maxWidth: 280, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
                >
                  <a href={versao.url} target="_blank" rel="noopener noreferrer">
                    {versao.url}
                  </a>
                </TableCell>
                <TableCell sx={{ maxWidth: 320, whiteSpace: 'pre-line' }}>{versao.notas}</TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  <Tooltip title="Editar">
                    <IconButton
                      aria-label={`Editar versão ${versao.versao}`}
                      onClick={() => setEditing(versao)}
                    >
                      <Icon>edit</Icon>
                    </IconButton>
                  </Tooltip>
                  <Tooltip title="Excluir">
                    <IconButton
                      aria-label={`Excluir versão ${versao.versao}`}
                      onClick={() => void remove(versao)}
                    >
                      <Icon>delete</Icon>
                    </IconButton>
                  </Tooltip>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {editing && (
        <VersaoDialog
          editing={editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void load();
          }}
        />
      )}
    </AdminPage>
  );
}
