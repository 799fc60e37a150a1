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
import type { components } from '../../../../generated/api.d.ts';
import { useRuntime } from '../../app/RuntimeContext.tsx';
import { useActionError } from '../../ui/useActionError.tsx';
import { AdminPage } from './AdminPage.tsx';
import { paginationLabels } from './pagination.ts';
import { SearchField } from './SearchField.tsx';
import { useDebounced } from './useDebounced.ts';

type Banco = components['schemas']['Banco'];

/** Administrador › Bancos: the Brazilian banks list (COMPE code, names, ISPB), searched, read-only. */
export default function BancosScreen() {
  const { api } = useRuntime();
  const showError = useActionError();
  const [busca, setBusca] = useState('');
  const query = useDebounced(busca.trim());
  const [bancos, setBancos] = useState<Banco[]>([]);
  const [loading, setLoading] = useState(true);
  const [page, setPage] = useState(0);
  const [rowsPerPage, setRowsPerPage] = useState(25);

  useEffect(() => {
    let cancelled = false;
    setLoading(true);
    api
      .GET('/api/Bancos', { params: { query: query ? { query } : {} } })
      .then(({ data, error }) => {
        if (cancelled) return;
        if (error) throw error;
        setBancos(data ?? []);
        setPage(0);
      })
      .catch((error) => !cancelled && void showError(error))
      .finally(() => !cancelled && setLoading(false));
    return () => {
      cancelled = true;
    };
  }, [api, query, showError]);

  const visible = bancos.slice(page * rowsPerPage, (page + 1) * rowsPerPage);
  return (
    <AdminPage
      title="Bancos"
      avancoOnly
      description="Lista de bancos brasileiros com o código COMPE, usada nas contas e nos boletos. Somente consulta."
    >
      <Paper>
        <Box sx={{ p: 2 }}>
          <SearchField label="Buscar por código ou nome" value={busca} onChange={setBusca} />
        </Box>
        <Box sx={{ height: 4 }}>{loading && <LinearProgress aria-label="Carregando bancos" />}</Box>
        <TableContainer>
          <Table size="small" aria-label="Bancos">
            <TableHead>
              <TableRow>
                <TableCell sx={{ width: 120 }}>Código</TableCell>
                <TableCell>Nome</TableCell>
                <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>Nome curto</TableCell>
                <TableCell sx={{ width: 120, display: { xs: 'none', sm: 'table-cell' } }}>ISPB</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {visible.map((banco) => (
                <TableRow key={`${banco.codigo}-${banco.ispb}`} hover>
                  <TableCell sx={{ fontFamily: 'monospace' }}>{banco.codigo}</TableCell>
                  <TableCell>{banco.nome}</TableCell>
                  <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>{banco.nomeCurto}</TableCell>
                  <TableCell sx={{ fontFamily: 'monospace', display: { xs: 'none', sm: 'table-cell' } }}>
                    {banco.ispb}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
        {!loading && bancos.length === 0 && (
          <Typography color="text.secondary" sx={{ p: 3, textAlign: 'center' }}>
            Nenhum banco encontrado para “{query}”.
          </Typography>
        )}
        <TablePagination
          component="div"
          count={bancos.length}
          page={page}
          onPageChange={(_event, next) => setPage(next)}
          rowsPerPage={rowsPerPage}
          onRowsPerPageChange={(event) => {
            setRowsPerPage(Number(event.target.value));
            setPage(0);
          }}
          rowsPerPageOptions={[25, 50, 100]}
          {...paginationLabels}
        />
      </Paper>
    </AdminPage>
  );
}
