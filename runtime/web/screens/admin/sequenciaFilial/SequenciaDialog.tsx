import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TextField,
} from '@mui/material';
import { type FormEvent, useState } from 'react';
import type { components } from '../../../../../generated/api.d.ts';
import { extractErrorMessage } from '../../../../core/extractErrorMessage.ts';
import { useRuntime } from '../../../app/RuntimeContext.tsx';
import { useNotify } from '../../../ui/NotifyProvider.tsx';
import { AMBIENTE_LABELS, DOCUMENTO_LABELS } from './labels.ts';

type Sequencia = components['schemas']['SequenciaDocumento'];
type Resultado = components['schemas']['SequenciasFilial'];

function errorCode(error: unknown): string | undefined {
  return (error as { error?: { code?: string } } | undefined)?.error?.code;
}

/**
 * Edits one sequence. A next number that does not pass the highest used is refused by the server (409
 * SEQUENCIA_ABAIXO_DO_USADO, it knows the highest number of the new série too); the dialog then asks
 * for confirmation with the risk of "Duplicidade de NF-e" and sends again with confirmarReducao.
 */
export function SequenciaDialog({
  filialId,
  sequencia,
  onClose,
  onSaved,
}: {
  filialId: number;
  sequencia: Sequencia;
  onClose(): void;
  onSaved(resultado: Resultado): void;
}) {
  const { api } = useRuntime();
  const notify = useNotify();
  const [serie, setSerie] = useState(String(sequencia.serie));
  const [proximo, setProximo] = useState(String(sequencia.proximoNumero));
  const [saving, setSaving] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const maxSerie = sequencia.documento === 'NFSE' ? 999 : 889;
  const serieError =
    !/^\d+$/.test(serie) || Number(serie) > maxSerie ? `Informe uma série de 0 a ${maxSerie}.` : undefined;
  const proximoError =
    !/^\d+$/.test(proximo) || Number(proximo) < 1 || Number(proximo) > 999_999_999
      ? 'Informe um número de 1 a 999.999.999.'
      : undefined;
  const title = `${DOCUMENTO_LABELS[sequencia.documento]} — ${AMBIENTE_LABELS[sequencia.ambiente]}`;

  const send = async (confirmarReducao: boolean) => {
    const { data, error } = await api.PUT('/api/SequenciasFilial/{filialId}', {
      params: { path: { filialId } },
      body: {
        documento: sequencia.documento,
        ambiente: sequencia.ambiente,
        serie: Number(serie),
        proximoNumero: Number(proximo),
        ...(confirmarReducao ? { confirmarReducao } : {}),
      },
    });
    if (error) throw error;
    return data as Resultado;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (serieError || proximoError) return;
    setSaving(true);
    setServerError(null);
    try {
      const askRisk = (message: string) =>
        notify.confirm({
          title: 'Risco de duplicidade',
          message: `${message} Deseja realmente alterar a sequência?`,
          confirmLabel: 'Alterar mesmo assim',
        });
      const maior = sequencia.maiorNumeroUsado;
      let resultado: Resultado;
      if (Number(serie) === sequencia.serie && maior !== null && Number(proximo) <= maior) {
        // Known here already: warn before sending.
        const ok = await askRisk(
          `O próximo número ${proximo} não passa do maior número já usado na série ${serie} (${maior}). ` +
            'A SEFAZ pode rejeitar as notas por "Duplicidade de NF-e".',
        );
        if (!ok) return;
        resultado = await send(true);
      } else {
        try {
          resultado = await send(false);
        } catch (error) {
          // Another série: only the server knows its highest number.
          if (errorCode(error) !== 'SEQUENCIA_ABAIXO_DO_USADO') throw error;
          if (!(await askRisk(extractErrorMessage(error)))) return;
          resultado = await send(true);
        }
      }
      notify.toast('Sequência alterada.', { severity: 'success' });
      onSaved(resultado);
    } catch (error) {
      setServerError(extractErrorMessage(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="sequencia-dialog">
      <Box component="form" noValidate onSubmit={(event) => void submit(event)}>
        <DialogTitle id="sequencia-dialog">{`Editar ${title}`}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {serverError && <Alert severity="warning">{serverError}</Alert>}
            {sequencia.maiorNumeroUsado !== null && (
              <Alert severity="info">
                Maior número já usado na série {sequencia.serie}: {sequencia.maiorNumeroUsado}.
              </Alert>
            )}
            <TextField
              label="Série"
              required
              value={serie}
              onChange={(event) => setSerie(event.target.value.replace(/\D/g, ''))}
              error={Boolean(serieError)}
              helperText={serieError ?? `De 0 a ${maxSerie}.`}
              slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 3 } }}
            />
            <TextField
              label="Próximo número"
              required
              value={proximo}
              onChange={(event) => setProximo(event.target.value.replace(/\D/g, ''))}
              error={Boolean(proximoError)}
              helperText={proximoError ?? 'Número que a próxima nota desta série vai receber.'}
              slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 9 } }}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={saving}>
            Cancelar
          </Button>
          <Button type="submit" variant="contained" disabled={saving || Boolean(serieError || proximoError)}>
            {saving ? 'Carregando...' : 'Salvar'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
