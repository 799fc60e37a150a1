import {
  Box,
  Chip,
  LinearProgress,
  Paper,
  Stack,
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
import { paginationLabels } from '../../ui/paginationLabels.ts';
import { SearchField } from '../../ui/SearchField.tsx';
import { useActionError } from '../../ui/useActionError.tsx';
import { useDebounced } from '../../ui/useDebounced.ts';
import { AdminPage } from './AdminPage.tsx';

type Linha = components['schemas']['UsuarioWhiteLabelLinha'];

/** The user kinds of spec 000 §1, as short labels. */
const FLAGS: Array<[keyof Linha, string]> = [
  ['perfilAdmin', 'Administrador'],
  ['isContador', 'Contador'],
  ['suporteWhiteLabel', 'Suporte'],
  ['painelAdministrativo', 'Painel'],
  ['isAvanco', 'Equipe'],
  ['master', 'Master'],
];

/**
 * Administrador › Usuários: the users of every company of the white-label (GET
 * /api/Usuarios/usuarios-whitelabel), searched by name, e-mail or company and paged on the server.
 */
export default function UsuariosScreen() {
  const { api } = useRuntime();
  const showError = useActionError();
  const [busca, setBusca] = useState('');
  const query = useDebounced(busca.trim());
  const [page, setPage] = useState(0);
  const [rowsPerPage, setRowsPerPage] = useState(25);
  const [result, setResult] = useState<{ total: number; usuarios: Linha[] }>({ total: 0, usuarios: [] });
  const [loading, setLoading] = useState(true);

  useEffect(() => {
    let cancelled = false;
    setLoading(true);
    api
      .GET('/api/Usuarios/usuarios-whitelabel', {
        params: { query: { busca: query || undefined, limit: rowsPerPage, skip: page * rowsPerPage } },
      })
      .then(({ data, error }) => {
        if (cancelled) return;
        if (error) throw error;
        setResult(data ?? { total: 0, usuarios: [] });
      })
      .catch((error) => !cancelled && void showError(error))
      .finally(() => !cancelled && setLoading(false));
    return () => {
      cancelled = true;
    };
  }, [api, query, page, rowsPerPage, showError]);

  return (
    <AdminPage
      title="Usuários"
      description="Usuários de todas as empresas deste white-label. Para alterar um usuário, use Configurações › Usuários da empresa dele."
    >
      <Paper>
        <Box sx={{ p: 2 }}>
          <SearchField
            label="Buscar por nome, e-mail ou empresa"
            value={busca}
            onChange={(value) => {
              setBusca(value);
              setPage(0);
            }}
          />
        </Box>
        <Box sx={{ height: 4 }}>{loading && <LinearProgress aria-label="Carregando usuários" />}</Box>
        <TableContainer>
          <Table size="small" aria-label="Usuários do white-label">
            <TableHead>
              <TableRow>
                <TableCell>Nome</TableCell>
                <TableCell>E-mail</TableCell>
                <TableCell>Empresa</TableCell>
                <TableCell>Perfil</TableCell>
                <TableCell>Situação</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {result.usuarios.map((usuario) => (
                <TableRow key={usuario.id} hover>
                  <TableCell>{usuario.nome || '—'}</TableCell>
                  <TableCell sx={{ wordBreak: 'break-all' }}>{usuario.email}</TableCell>
                  <TableCell>{usuario.empresaNome}</TableCell>
                  <TableCell>
                    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
                      {FLAGS.filter(([flag]) => usuario[flag] === true).map(([flag, label]) => (
                        <Chip key={flag} label={label} size="small" variant="outlined" />
                      ))}
                    </Stack>
                  </TableCell>
                  <TableCell>
                    <Chip
                      label={usuario.ativo ? 'Ativo' : 'Inativo'}
                      color={usuario.ativo ? 'success' : 'default'}
                      size="small"
                    />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
        {!loading && result.total === 0 && (
          <Typography color="text.secondary" sx={{ p: 3, textAlign: 'center' }}>
            {query ? `Nenhum usuário encontrado para “${query}”.` : 'Nenhum usuário neste white-label.'}
          </Typography>
        )}
        <TablePagination
          component="div"
          count={result.total}
          page={page}
          onPageChange={(_event, next) => setPage(next)}
          rowsPerPage={rowsPerPage}
          onRowsPerPageChange={(event) => {
            setRowsPerPage(Number(event.target.value));
            setPage(0);
          }}
          rowsPerPageOptions={[10, 25, 50, 100]}
          {...paginationLabels}
        />
      </Paper>
    </AdminPage>
  );
}
