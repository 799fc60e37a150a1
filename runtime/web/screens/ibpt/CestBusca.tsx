import {
  Box,
  LinearProgress,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  Typography,
} from '@mui/material';
import { useEffect, useState } from 'react';
import { useRuntime } from '../../app/RuntimeContext.tsx';
import { paginationLabels } from '../../ui/paginationLabels.ts';
import { SearchField } from '../../ui/SearchField.tsx';
import { useActionError } from '../../ui/useActionError.tsx';
import { useDebounced } from '../../ui/useDebounced.ts';
import { formatCest, formatNcm, type IbptCest } from './ibptFormat.ts';

/** Search of the CEST table by CEST, NCM (a full NCM also finds the shorter positions covering it) or text. */
export function CestBusca() {
  const { api } = useRuntime();
  const showError = useActionError();
  const [busca, setBusca] = useState('');
  const query = useDebounced(busca.trim());
  const [page, setPage] = useState(0);
  const [perPage, setPerPage] = useState(25);
  const [result, setResult] = useState<{ total: number; itens: IbptCest[] } | null>(null);
  const [loading, setLoading] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new search starts at page 1.
  useEffect(() => setPage(0), [query]);

  useEffect(() => {
    let cancelled = false;
    setLoading(true);
    api
      .GET('/api/Ibpt/cest/busca', {
        params: { query: { ...(query ? { busca: query } : {}), skip: page * perPage, limit: perPage } },
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
  }, [api, query, page, perPage, showError]);

  return (
    <Paper component="section" aria-label="Consultar CEST">
      <Box sx={{ p: 2 }}>
        <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>
          Consultar CEST
        </Typography>
        <SearchField label="CEST, NCM ou descrição" value={busca} onChange={setBusca} />
      </Box>
      <Box sx={{ height: 4 }}>{loading && <LinearProgress aria-label="Buscando" />}</Box>
      <TableContainer>
        <Table size="small" aria-label="Tabela CEST">
          <TableHead>
            <TableRow>
              <TableCell>CEST</TableCell>
              <TableCell>NCM/SH</TableCell>
              <TableCell>Descrição</TableCell>
              <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>Segmento</TableCell>
              <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>Item</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {result?.itens.map((item) => (
              <TableRow key={`${item.cest}-${item.ncm}`} hover>
                <TableCell sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>
                  {formatCest(item.cest)}
                </TableCell>
                <TableCell sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>
                  {formatNcm(item.ncm)}
                </TableCell>
                <TableCell sx={{ minWidth: 260 }}>{item.descricao}</TableCell>
                <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>{item.segmento}</TableCell>
                <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>{item.item}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {result?.total === 0 && (
        <Typography color="text.secondary" sx={{ p: 3, textAlign: 'center' }}>
          {query ? `Nenhum CEST encontrado para “${query}”.` : 'Nenhuma tabela CEST importada.'}
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
