import {
  Box,
  Button,
  Chip,
  IconButton,
  LinearProgress,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material';
import Icon from '@mui/material/Icon';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { formatBRL } from '../../../core/formatMoney.ts';
import { useRuntime, useTenant } from '../../app/RuntimeContext.tsx';
import { useNotify } from '../../ui/NotifyProvider.tsx';
import { useActionError } from '../../ui/useActionError.tsx';
import { AdminPage } from './AdminPage.tsx';
import { moduleOptions } from './moduleOptions.ts';
import { type Plano, PlanoDialog, type PlanoInput } from './PlanoDialog.tsx';

/** Administrador › Planos: the white-label's subscription plans, created, edited and deleted via /api/Planos. */
export default function PlanosConfigScreen() {
  const { api } = useRuntime();
  const { config, schemas } = useTenant();
  const notify = useNotify();
  const showError = useActionError();
  const modules = useMemo(() => moduleOptions(schemas, config), [schemas, config]);
  const labelOf = (id: string) => modules.find((module) => module.id === id)?.label ?? id;
  const [planos, setPlanos] = useState<Plano[]>([]);
  const [loading, setLoading] = useState(true);
  const [editing, setEditing] = useState<Plano | 'new' | null>(null);
  const [saving, setSaving] = useState(false);

  const load = useCallback(async () => {
    setLoading(true);
    try {
      const filter = JSON.stringify({ where: { configWhiteLabel: config.id }, order: 'nome ASC' });
      const { data, error } = await api.GET('/api/Planos', { params: { query: { filter } } });
      if (error) throw error;
      setPlanos(data ?? []);
    } catch (error) {
      await showError(error);
    } finally {
      setLoading(false);
    }
  }, [api, config.id, showError]);

  useEffect(() => {
    void load();
  }, [load]);

  const save = async (input: PlanoInput) => {
    setSaving(true);
    try {
      const { error } =
        editing === 'new' || editing === null
          ? await api.POST('/api/Planos', {
              // openapi-typescript renders the route's allOf (PlanoInput plus required idExterno and nome)
              // as PlanoInput & Record<string, never>, which no object satisfies.
              body: { ...input, configWhiteLabel: config.id } as PlanoInput & Record<string, never>,
            })
          : await api.PUT('/api/Planos/{id}', { params: { path: { id: editing.id } }, body: input });
      if (error) throw error;
      notify.toast(editing === 'new' ? 'Plano criado.' : 'Plano alterado.', { severity: 'success' });
      setEditing(null);
      await load();
    } catch (error) {
      await showError(error);
    } finally {
      setSaving(false);
    }
  };

  const remove = async (plano: Plano) => {
    const ok = await notify.confirm({
      title: 'Excluir plano',
      message: `Excluir o plano “${plano.nome}”? Empresas que já o usam impedem a exclusão.`,
      confirmLabel: 'Excluir',
    });
    if (!ok) return;
    try {
      const { error } = await api.DELETE('/api/Planos/{id}', { params: { path: { id: plano.id } } });
      if (error) throw error;
      notify.toast('Plano excluído.', { severity: 'success' });
      await load();
    } catch (error) {
      await showError(error);
    }
  };

  return (
    <AdminPage
      title="Planos"
      description="Planos de assinatura oferecidos pelo white-label, com o valor mensal, o período de teste e os módulos."
      actions={
        <Button variant="contained" startIcon={<Icon>add</Icon>} onClick={() => setEditing('new')}>
          Novo plano
        </Button>
      }
    >
      <Paper>
        <Box sx={{ height: 4 }}>{loading && <LinearProgress aria-label="Carregando planos" />}</Box>
        <TableContainer>
          <Table aria-label="Planos">
            <TableHead>
              <TableRow>
                <TableCell>Nome</TableCell>
                <TableCell align="right">Valor</TableCell>
                <TableCell align="right">Dias de teste</TableCell>
                <TableCell>Situação</TableCell>
                <TableCell>Módulos</TableCell>
                <TableCell align="right" sx={{ width: 110 }}>
                  Ações
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {planos.map((plano) => (
                <TableRow key={plano.id} hover>
                  <TableCell>
                    <Typography variant="body2" sx={{ fontWeight: 500 }}>
                      {plano.nome}
                    </Typography>
                    <Typography variant="caption" color="text.secondary">
                      {plano.idExterno}
                    </Typography>
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {formatBRL(plano.valor)}
                  </TableCell>
                  <TableCell align="right">{plano.diasTrial ?? '—'}</TableCell>
                  <TableCell>
                    <Chip
                      size="small"
                      label={plano.ativo ? 'Ativo' : 'Inativo'}
                      color={plano.ativo ? 'success' : 'default'}
                    />
                  </TableCell>
                  <TableCell>
                    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
                      {plano.modulos.length === 0 && (
                        <Typography variant="body2" color="text.secondary">
                          Nenhum
                        </Typography>
                      )}
                      {plano.modulos.map((modulo) => (
                        <Chip key={modulo.id} size="small" variant="outlined" label={labelOf(modulo.id)} />
                      ))}
                    </Stack>
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    <Tooltip title="Editar">
                      <IconButton aria-label={`Editar plano ${plano.nome}`} onClick={() => setEditing(plano)}>
                        <Icon>edit</Icon>
                      </IconButton>
                    </Tooltip>
                    <Tooltip title="Excluir">
                      <IconButton
                        aria-label={`Excluir plano ${plano.nome}`}
                        onClick={() => void remove(plano)}
                      >
                        <Icon>delete</Icon>
                      </IconButton>
                    </Tooltip>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
        {!loading && planos.length === 0 && (
          <Typography color="text.secondary" sx={{ p: 3, textAlign: 'center' }}>
            Nenhum plano cadastrado. Use Novo plano para criar o primeiro.
          </Typography>
        )}
      </Paper>
      {editing && (
        <PlanoDialog
          plano={editing === 'new' ? null : editing}
          modules={modules}
          saving={saving}
          onCancel={() => setEditing(null)}
          onSave={(input) => void save(input)}
        />
      )}
    </AdminPage>
  );
}
