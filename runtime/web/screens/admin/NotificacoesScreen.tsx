import {
  Box,
  Chip,
  IconButton,
  LinearProgress,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material';
import Icon from '@mui/material/Icon';
import { useCallback, useEffect, useState } from 'react';
import type { components } from '../../../../generated/api.d.ts';
import { formatDateTime } from '../../../core/formatDate.ts';
import { useRuntime } from '../../app/RuntimeContext.tsx';
import { useNotify } from '../../ui/NotifyProvider.tsx';
import { paginationLabels } from '../../ui/paginationLabels.ts';
import { useActionError } from '../../ui/useActionError.tsx';
import { AdminPage } from './AdminPage.tsx';
import { ALERTA_TIPOS } from './alertaTipos.ts';
import { NotificacaoForm } from './NotificacaoForm.tsx';

type Envio = components['schemas']['AlertaGeralEnvio'];

/**
 * Administrador › Notificações: sends an alert to every user of the white-label (POST
 * /api/Alertas/geral) and lists the general alerts already sent, each deletable from every bell.
 */
export default function NotificacoesScreen() {
  const { api } = useRuntime();
  const notify = useNotify();
  const showError = useActionError();
  const [page, setPage] = useState(0);
  const [rowsPerPage, setRowsPerPage] = useState(10);
  const [result, setResult] = useState<{ total: number; envios: Envio[] }>({ total: 0, envios: [] });
  const [loading, setLoading] = useState(true);

  const load = useCallback(async () => {
    setLoading(true);
    try {
      const { data, error } = await api.GET('/api/Alertas/gerais', {
        params: { query: { limit: rowsPerPage, skip: page * rowsPerPage } },
      });
      if (error) throw error;
      setResult(data ?? { total: 0, envios: [] });
    } catch (error) {
      await showError(error);
    } finally {
      setLoading(false);
    }
  }, [api, page, rowsPerPage, showError]);

  useEffect(() => {
    void load();
  }, [load]);

  const remove = async (envio: Envio) => {
    const ok = await notify.confirm({
      title: 'Excluir notificação',
      message: `Excluir “${envio.texto}” das notificações de todos os usuários?`,
      confirmLabel: 'Excluir',
    });
    if (!ok) return;
    try {
      const { error } = await api.DELETE('/api/Alertas/gerais/{id}', { params: { path: { id: envio.id } } });
      if (error) throw error;
      notify.toast('Notificação excluída.', { severity: 'success' });
      if (result.envios.length === 1 && page > 0) setPage(page - 1);
      else await load();
    } catch (error) {
      await showError(error);
    }
  };

  return (
    <AdminPage
      title="Notificações"
      description="Envie um aviso ao sino de notificações de todos os usuários deste white-label."
      maxWidth={1100}
    >
      <NotificacaoForm onSent={() => (page === 0 ? void load() : setPage(0))} />
      <Paper sx={{ mt: 3 }}>
        <Typography variant="h6" component="h2" sx={{ px: 3, pt: 2 }}>
          Notificações enviadas
        </Typography>
        <Box sx={{ height: 4, mt: 1 }}>
          {loading && <LinearProgress aria-label="Carregando notificações" />}
        </Box>
        <TableContainer>
          <Table size="small" aria-label="Notificações enviadas">
            <TableHead>
              <TableRow>
                <TableCell sx={{ width: 150 }}>Data</TableCell>
                <TableCell sx={{ width: 130 }}>Tipo</TableCell>
                <TableCell>Texto</TableCell>
                <TableCell sx={{ width: 110 }}>Lida por</TableCell>
                <TableCell sx={{ width: 70 }} align="right">
                  Ações
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {result.envios.map((envio) => {
                const tipo = ALERTA_TIPOS[envio.tipo] ?? ALERTA_TIPOS.info;
                return (
                  <TableRow key={envio.id} hover>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(envio.data)}</TableCell>
                    <TableCell>
                      <Chip
                        size="small"
                        color={tipo.color}
                        variant="outlined"
                        icon={<Icon fontSize="small">{tipo.icon}</Icon>}
                        label={tipo.label}
                      />
                    </TableCell>
                    <TableCell>
                      <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
                        {envio.texto}
                      </Typography>
                      <Typography variant="caption" color="text.secondary" component="div">
                        {[
                          envio.link ? `Link: ${envio.link}` : null,
                          envio.permiteExcluir ? null : 'Não pode ser excluída pelo usuário',
                          envio.enviadoPor ? `Enviada por ${envio.enviadoPor}` : null,
                        ]
                          .filter(Boolean)
                          .join(' · ')}
                      </Typography>
                    </TableCell>
                    <TableCell>
                      {envio.lidos} de {envio.destinatarios}
                    </TableCell>
                    <TableCell align="right">
                      <Tooltip title="Excluir de todos os usuários">
                        <IconButton
                          aria-label={`Excluir notificação: ${envio.texto}`}
                          onClick={() => void remove(envio)}
                        >
                          <Icon>delete</Icon>
                        </IconButton>
                      </Tooltip>
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </TableContainer>
        {!loading && result.total === 0 && (
          <Typography color="text.secondary" sx={{ p: 3, textAlign: 'center' }}>
            Nenhuma notificação geral enviada ainda.
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
          rowsPerPageOptions={[10, 25, 50]}
          {...paginationLabels}
        />
      </Paper>
    </AdminPage>
  );
}
