import {
  Box,
  LinearProgress,
  MenuItem,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useEffect, useState } from 'react';
import { useRuntime } from '../../app/RuntimeContext.tsx';
import { paginationLabels } from '../../ui/paginationLabels.ts';
import { SearchField } from '../../ui/SearchField.tsx';
import { useActionError } from '../../ui/useActionError.tsx';
import { useDebounced } from '../../ui/useDebounced.ts';
import { formatNcm, formatPercent, type IbptNcm, TIPO_LABELS } from './ibptFormat.ts';

/** Search of the loaded IBPT lines by code or description, in one UF or all, with their rates. */
export function NcmBusca({ ufs }: { ufs: string[] }) {
  const { api } = useRuntime();
  const showError = useActionError();
  const [busca, setBusca] = useState('');
  const [uf, setUf] = useState('');
  const query = useDebounced(busca.trim());
  const [page, setPage] = useState(0);
  const [perPage, setPerPage] = useState(25);
  const [result, setResult] = useState<{ total: number; itens: IbptNcm[] } | null>(null);
  const [loading, setLoading] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new search (text or UF) starts at page 1.
  useEffect(() => setPage(0), [query, uf]);

  useEffect(() => {
    let cancelled = false;
    setLoading(true);
    api
      .GET('/api/Ibpt/ncm', {
        params: {
          query: {
            ...(query ? { busca: query } : {}),
            ...(uf ? { uf } : {}),
            skip: page * perPage,
            limit: perPage,
          },
        },
      })
      .then(({ data, error }) => {
        if (cancelled) return;
        if (error) throw error;
        setResult(data);
      })
      .catch((error) => !cancelled && void showError(error))
      .finally(() => !cancelled && setLoading(false));
    return () => {
      cancelled = true;
    };
  }, [api, query, uf, page, perPage, showError]);

  return (
    <Paper component="section" aria-label="Consultar alíquotas">
      <Box sx={{ p: 2 }}>
        <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>
          Consultar alíquotas
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <SearchField label="Código ou descrição" value={busca} onChange={setBusca} />
          <TextField
            select
            size="small"
            label="UF da consulta"
            value={uf}
            onChange={(event) => setUf(event.target.value)}
            sx={{ width: 180, flexShrink: 0 }}
          >
            <MenuItem value="">Todas</MenuItem>
            {ufs.map((option) => (
              <MenuItem key={option} value={option}>
                {option}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
      </Box>
      <Box sx={{ height: 4 }}>{loading && <LinearProgress aria-label="Buscando" />}</Box>
      <TableContainer>
        <Table size="small" aria-label="Alíquotas aproximadas">
          <TableHead>
            <TableRow sx={{ '& th': { whiteSpace: 'nowrap' } }}>
              <TableCell>UF</TableCell>
              <TableCell>Código</TableCell>
              <TableCell>Ex</TableCell>
              <TableCell>Tipo</TableCell>
              <TableCell>Descrição</TableCell>
              <TableCell align="right">Federal (nacional)</TableCell>
              <TableCell align="right">Federal (importado)</TableCell>
              <TableCell align="right">Estadual</TableCell>
              <TableCell align="right">Municipal</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {result?.itens.map((item) => (
              <TableRow key={`${item.uf}-${item.tipo}-${item.codigo}-${item.ex}`} hover>
                <TableCell>{item.uf}</TableCell>
                <TableCell sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>
                  {item.tipo === 0 ? formatNcm(item.codigo) : item.codigo}
                </TableCell>
                <TableCell>{item.ex}</TableCell>
                <TableCell>{TIPO_LABELS[item.tipo]}</TableCell>
                <TableCell sx={{ minWidth: 240 }}>{item.descricao}</TableCell>
                <TableCell align="right">{formatPercent(item.nacionalFederal)}</TableCell>
                <TableCell align="right">{formatPercent(item.importadosFederal)}</TableCell>
                <TableCell align="right">{formatPercent(item.estadual)}</TableCell>
                <TableCell align="right">{formatPercent(item.municipal)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {result?.total === 0 && (
        <Typography color="text.secondary" sx={{ p: 3, textAlign: 'center' }}>
          {query ? `Nenhum código encontrado para “${query}”.` : 'Nenhuma tabela importada.'}
        </Typography>
      )}
      <TablePagination
        component="div"
        count={result?.total ?? 0}
        page={page}
        onPageChange={(_event, next) => setPage(next)}
        rowsPerPage={perPage}
        onRowsPerPageChange={(event) => {
          setPerPage(Number(event.target.value));
          setPage(0);
        }}
        rowsPerPageOptions={[25, 50, 100]}
        {...paginationLabels}
      />
    </Paper>
  );
}
