import {
  Button,
  FormControlLabel,
  MenuItem,
  Paper,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import Icon from '@mui/material/Icon';
import { type FormEvent, useState } from 'react';
import { useRuntime } from '../../app/RuntimeContext.tsx';
import { useNotify } from '../../ui/NotifyProvider.tsx';
import { useActionError } from '../../ui/useActionError.tsx';
import { ALERTA_TIPOS, type AlertaTipo } from './alertaTipos.ts';

const TEXTO_MAX = 2000;
const LINK_MAX = 2000;

interface Form {
  tipo: AlertaTipo;
  texto: string;
  link: string;
  permiteExcluir: boolean;
}

const EMPTY: Form = { tipo: 'info', texto: '', link: '', permiteExcluir: true };

/** Internal route (pages/…) or an external http(s) address; empty is fine (the link is optional). */
function linkError(link: string): string | undefined {
  const value = link.trim();
  if (!value || /^https?:\/\/\S+$/i.test(value) || /^#?\/?[a-z0-9][\w\-/]*$/i.test(value)) return undefined;
  return 'Informe uma rota do sistema (ex.: pages/vendas/clientes) ou um endereço começando com https://.';
}

/** The sending form of Administrador › Notificações (POST /api/Alertas/geral after a confirmation). */
export function NotificacaoForm({ onSent }: { onSent(): void }) {
  const { api } = useRuntime();
  const notify = useNotify();
  const showError = useActionError();
  const [form, setForm] = useState<Form>(EMPTY);
  const [submitted, setSubmitted] = useState(false);
  const [sending, setSending] = useState(false);
  const errors = {
    texto: submitted && !form.texto.trim() ? 'Campo Obrigatório!' : undefined,
    link: submitted ? linkError(form.link) : undefined,
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!form.texto.trim() || linkError(form.link)) return;
    const ok = await notify.confirm({
      title: 'Enviar notificação',
      message: 'A notificação será enviada a todos os usuários ativos deste white-label. Deseja continuar?',
      confirmLabel: 'Enviar',
    });
    if (!ok) return;
    setSending(true);
    try {
      const { data, error } = await api.POST('/api/Alertas/geral', {
        body: {
          tipo: form.tipo,
          texto: form.texto.trim(),
          link: form.link.trim().replace(/^#?\/?(?!https?:)/i, '') || null,
          permiteExcluir: form.permiteExcluir,
        },
      });
      if (error) throw error;
      const count = data?.count ?? 0;
      notify.toast(
        count === 1 ? 'Notificação enviada a 1 usuário.' : `Notificação enviada a ${count} usuários.`,
        { severity: 'success' },
      );
      setForm(EMPTY);
      setSubmitted(false);
      onSent();
    } catch (error) {
      await showError(error);
    } finally {
      setSending(false);
    }
  };

  return (
    <Paper component="form" noValidate onSubmit={(event) => void submit(event)} sx={{ p: 3 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
        Nova notificação
      </Typography>
      <Stack spacing={2}>
        <TextField
          select
          label="Tipo"
          value={form.tipo}
          onChange={(event) => setForm({ ...form, tipo: event.target.value as AlertaTipo })}
          sx={{ maxWidth: 280 }}
        >
          {Object.entries(ALERTA_TIPOS).map(([tipo, { label, icon, color }]) => (
            <MenuItem key={tipo} value={tipo}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <Icon fontSize="small" color={color}>
                  {icon}
                </Icon>
                <span>{label}</span>
              </Stack>
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label="Texto"
          required
          multiline
          minRows={3}
          value={form.texto}
          onChange={(event) => setForm({ ...form, texto: event.target.value })}
          error={Boolean(errors.texto)}
          helperText={errors.texto ?? `${form.texto.length}/${TEXTO_MAX} caracteres`}
          slotProps={{ htmlInput: { maxLength: TEXTO_MAX } }}
        />
        <TextField
          label="Link (opcional)"
          placeholder="pages/vendas/clientes ou https://…"
          value={form.link}
          onChange={(event) => setForm({ ...form, link: event.target.value })}
          error={Boolean(errors.link)}
          helperText={errors.link ?? 'Com link, a notificação oferece Ver detalhes.'}
          slotProps={{ htmlInput: { maxLength: LINK_MAX } }}
        />
        <FormControlLabel
          control={
            <Switch
              checked={form.permiteExcluir}
              onChange={(event) => setForm({ ...form, permiteExcluir: event.target.checked })}
            />
          }
          label="O usuário pode excluir a notificação"
        />
        <Stack direction="row">
          <Button type="submit" variant="contained" startIcon={<Icon>send</Icon>} disabled={sending}>
            {sending ? 'Carregando...' : 'Enviar notificação'}
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}
