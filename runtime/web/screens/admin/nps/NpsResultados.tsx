import {
  Box,
  Button,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useCallback, useEffect, useState } from 'react';
import type { components } from '../../../../../generated/api.d.ts';
import { formatDateTime } from '../../../../core/formatDate.ts';
import { useRuntime } from '../../../app/RuntimeContext.tsx';
import { useActionError } from '../../../ui/useActionError.tsx';

type Resultado = components['schemas']['NpsResultado'];

/** The notas of the NPS scale, 0 to 10. */
const NOTAS = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10];

/** Colour of a nota: detrator (0–6), neutro (7–8), promotor (9–10). */
const notaColor = (nota: number) => (nota <= 6 ? 'error.main' : nota <= 8 ? 'warning.main' : 'success.main');

function Figure({ label, value }: { label: string; value: string | number }) {
  return (
    <Paper sx={{ p: 2, minWidth: 130, flex: 1 }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="h5" component="p">
        {value}
      </Typography>
    </Paper>
  );
}

/** The survey's results in a period: NPS, counts, distribution of notas 0–10 and the comments. */
export function NpsResultados({ configWhiteLabel, staff }: { configWhiteLabel: number; staff: boolean }) {
  const { api } = useRuntime();
  const showError = useActionError();
  const [de, setDe] = useState('');
  const [ate, setAte] = useState('');
  const [resultado, setResultado] = useState<Resultado | null>(null);

  const load = useCallback(
    async (periodo: { de?: string; ate?: string }) => {
      try {
        const { data, error } = await api.GET('/api/Nps/resultados', {
          params: { query: { ...(staff ? { configWhiteLabel } : {}), ...periodo } },
        });
        if (error) throw error;
        setResultado(data ?? null);
      } catch (error) {
        await showError(error);
      }
    },
    [api, configWhiteLabel, staff, showError],
  );

  useEffect(() => {
    void load({});
  }, [load]);

  const max = Math.max(1, ...(resultado?.distribuicao ?? []));
  return (
    <Stack spacing={2}>
      <Typography variant="h6" component="h2">
        Resultados
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
        <TextField
          label="De"
          type="date"
          size="small"
          value={de}
          onChange={(event) => setDe(event.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          label="Até"
          type="date"
          size="small"
          value={ate}
          onChange={(event) => setAte(event.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <Box>
          <Button
            variant="outlined"
            onClick={() => void load({ ...(de ? { de } : {}), ...(ate ? { ate } : {}) })}
          >
            Filtrar
          </Button>
        </Box>
      </Stack>
      {resultado && (
        <>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} aria-label="Indicadores NPS">
            <Figure label="NPS" value={resultado.nps ?? '—'} />
            <Figure label="Respostas" value={resultado.respostas} />
            <Figure label="Promotores (9–10)" value={resultado.promotores} />
            <Figure label="Neutros (7–8)" value={resultado.neutros} />
            <Figure label="Detratores (0–6)" value={resultado.detratores} />
            <Figure label="Dispensas" value={resultado.dispensas} />
          </Stack>
          <Paper sx={{ p: 2 }}>
            <Typography variant="subtitle1" component="h3" sx={{ mb: 1 }}>
              Distribuição das notas
            </Typography>
            <Stack
              direction="row"
              spacing={1}
              sx={{ alignItems: 'flex-end', height: 140 }}
              role="list"
              aria-label="Distribuição das notas"
            >
              {NOTAS.map((nota) => {
                const quantidade = resultado.distribuicao[nota] ?? 0;
                return (
                  <Stack
                    key={nota}
                    role="listitem"
                    aria-label={`Nota ${nota}: ${quantidade}`}
                    sx={{ flex: 1, alignItems: 'center' }}
                  >
                    <Typography variant="caption">{quantidade}</Typography>
                    <Box
                      sx={{
                        width: '100%',
                        maxWidth: 40,
                        height: (quantidade / max) * 90 + 2,
                        bgcolor: notaColor(nota),
                        borderRadius: 0.5,
                      }}
                    />
                    <Typography variant="caption">{nota}</Typography>
                  </Stack>
                );
              })}
            </Stack>
          </Paper>
          <TableContainer component={Paper}>
            <Table aria-label="Comentários" size="small">
              <TableHead>
                <TableRow>
                  <TableCell>Data</TableCell>
                  <TableCell>Empresa</TableCell>
                  <TableCell>Usuário</TableCell>
                  <TableCell align="right">Nota</TableCell>
                  <TableCell>Comentário</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {resultado.comentarios.length === 0 && (
                  <TableRow>
                    <TableCell colSpan={5}>
                      <Typography color="text.secondary">Nenhum comentário no período.</Typography>
                    </TableCell>
                  </TableRow>
                )}
                {resultado.comentarios.map((item) => (
                  <TableRow key={item.id}>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(item.data)}</TableCell>
                    <TableCell>{item.empresa}</TableCell>
                    <TableCell>{item.usuario}</TableCell>
                    <TableCell align="right">{item.nota}</TableCell>
                    <TableCell sx={{ whiteSpace: 'pre-line' }}>{item.comentario}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        </>
      )}
    </Stack>
  );
}
