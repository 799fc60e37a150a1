import { Button, FormControlLabel, Paper, Stack, Switch, TextField, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import type { components } from '../../../../../generated/api.d.ts';
import { useRuntime } from '../../../app/RuntimeContext.tsx';
import { useNotify } from '../../../ui/NotifyProvider.tsx';
import { useActionError } from '../../../ui/useActionError.tsx';

type NpsConfig = components['schemas']['NpsConfig'];

/** The survey's settings: ativa, pergunta and the interval between two asks to the same user. */
export function NpsConfigCard({ configWhiteLabel, staff }: { configWhiteLabel: number; staff: boolean }) {
  const { api } = useRuntime();
  const notify = useNotify();
  const showError = useActionError();
  const [form, setForm] = useState<NpsConfig | null>(null);
  const [intervalo, setIntervalo] = useState('');
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    let alive = true;
    void api
      .GET('/api/Nps/config', { params: { query: staff ? { configWhiteLabel } : {} } })
      .then(({ data, error }) => {
        if (error) return showError(error);
        if (alive && data) {
          setForm(data);
          setIntervalo(String(data.intervaloDias));
        }
      });
    return () => {
      alive = false;
    };
  }, [api, configWhiteLabel, staff, showError]);

  if (!form) return null;
  const perguntaError =
    form.pergunta.trim().length < 10 ? 'Escreva a pergunta (ao menos 10 caracteres).' : undefined;
  const dias = Number(intervalo);
  const intervaloError =
    !/^\d+$/.test(intervalo) || dias < 1 || dias > 3650 ? 'Informe de 1 a 3650 dias.' : undefined;

  const save = async () => {
    if (perguntaError || intervaloError) return;
    setSaving(true);
    try {
      const { data, error } = await api.PUT('/api/Nps/config', {
        body: {
          ...(staff ? { configWhiteLabel: form.configWhiteLabel } : {}),
          ativa: form.ativa,
          pergunta: form.pergunta.trim(),
          intervaloDias: dias,
        },
      });
      if (error) throw error;
      if (data) setForm(data);
      notify.toast('Configuração da pesquisa salva.', { severity: 'success' });
    } catch (error) {
      await showError(error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Paper sx={{ p: 2 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        Configuração
      </Typography>
      <Stack spacing={2}>
        <FormControlLabel
          control={
            <Switch
              checked={form.ativa}
              onChange={(event) => setForm({ ...form, ativa: event.target.checked })}
            />
          }
          label="Pesquisa ativa"
        />
        <TextField
          label="Pergunta"
          required
          multiline
          value={form.pergunta}
          onChange={(event) => setForm({ ...form, pergunta: event.target.value })}
          error={Boolean(perguntaError)}
          helperText={perguntaError}
          slotProps={{ htmlInput: { maxLength: 300 } }}
        />
        <TextField
          label="Intervalo em dias"
          required
          value={intervalo}
          onChange={(event) => setIntervalo(event.target.value.replace(/\D/g, ''))}
          error={Boolean(intervaloError)}
          helperText={
            intervaloError ??
            'Depois de responder ou dispensar, o usuário só é perguntado de novo após este prazo.'
          }
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 4 } }}
          sx={{ maxWidth: 320 }}
        />
        <Stack direction="row">
          <Button
            variant="contained"
            disabled={saving || Boolean(perguntaError || intervaloError)}
            onClick={() => void save()}
          >
            {saving ? 'Carregando...' : 'Salvar'}
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}
