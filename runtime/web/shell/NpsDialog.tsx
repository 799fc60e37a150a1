import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { useEffect, useState } from 'react';
import { extractErrorMessage } from '../../core/extractErrorMessage.ts';
import { useRuntime, useSession } from '../app/RuntimeContext.tsx';
import { useNotify } from '../ui/NotifyProvider.tsx';

/** The notas of the NPS scale, 0 to 10. */
const NOTAS = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10];

/**
 * The white-label's NPS survey (Administrador › Pesquisa NPS), asked once the header is ready: the server
 * says whether this user is due (active survey, not answered nor dismissed within the interval).
 */
export function NpsDialog() {
  const { api } = useRuntime();
  const { user } = useSession();
  const notify = useNotify();
  const [pergunta, setPergunta] = useState<string | null>(null);
  const [nota, setNota] = useState<number | null>(null);
  const [comentario, setComentario] = useState('');
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const usuarioId = user?.id;

  useEffect(() => {
    if (usuarioId === undefined) return;
    let alive = true;
    // A failure here only means no survey now: never in the user's way.
    void api
      .GET('/api/Nps/pendente')
      .then(({ data }) => {
        if (alive && data?.perguntar && data.pergunta) setPergunta(data.pergunta);
      })
      .catch(() => undefined);
    return () => {
      alive = false;
    };
  }, [api, usuarioId]);

  if (!pergunta) return null;

  const finish = async (answer: boolean) => {
    setSending(true);
    setError(null);
    try {
      const { error: failure } = answer
        ? await api.POST('/api/Nps/respostas', {
            body: { nota: nota as number, ...(comentario.trim() ? { comentario: comentario.trim() } : {}) },
          })
        : await api.POST('/api/Nps/dispensar');
      if (failure) throw failure;
      setPergunta(null);
      if (answer) notify.toast('Obrigado pela sua resposta!', { severity: 'success' });
    } catch (failure) {
      setError(extractErrorMessage(failure));
    } finally {
      setSending(false);
    }
  };

  return (
    <Dialog open onClose={() => void finish(false)} maxWidth="sm" fullWidth aria-labelledby="nps-titulo">
      <DialogTitle id="nps-titulo">Pesquisa de satisfação</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          {error && <Alert severity="warning">{error}</Alert>}
          <Typography>{pergunta}</Typography>
          <ToggleButtonGroup
            exclusive
            value={nota}
            onChange={(_, value: number | null) => setNota(value)}
            aria-label="Nota de 0 a 10"
            size="small"
            sx={{ flexWrap: 'wrap' }}
          >
            {NOTAS.map((value) => (
              <ToggleButton key={value} value={value} aria-label={`Nota ${value}`} sx={{ minWidth: 40 }}>
                {value}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
          <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
            <Typography variant="caption" color="text.secondary">
              0 = não recomendaria
            </Typography>
            <Typography variant="caption" color="text.secondary">
              10 = recomendaria com certeza
            </Typography>
          </Stack>
          <TextField
            label="Comentário (opcional)"
            multiline
            minRows={2}
            value={comentario}
            onChange={(event) => setComentario(event.target.value)}
            slotProps={{ htmlInput: { maxLength: 2000 } }}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => void finish(false)} disabled={sending}>
          Agora não
        </Button>
        <Button variant="contained" onClick={() => void finish(true)} disabled={sending || nota === null}>
          Enviar
        </Button>
      </DialogActions>
    </Dialog>
  );
}
