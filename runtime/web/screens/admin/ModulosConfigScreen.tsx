import {
  Alert,
  Box,
  Button,
  Chip,
  LinearProgress,
  Paper,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import Icon from '@mui/material/Icon';
import { useEffect, useMemo, useState } from 'react';
import { formatBRL } from '../../../core/formatMoney.ts';
import { FIXED_MODULES } from '../../app/moduleOptions.ts';
import { type SchemaBundle, useTenant, type WhiteLabelConfig } from '../../app/RuntimeContext.tsx';
import { useNotify } from '../../ui/NotifyProvider.tsx';
import { useActionError } from '../../ui/useActionError.tsx';
import { AdminPage } from './AdminPage.tsx';
import { useWhiteLabelConfig } from './useWhiteLabelConfig.ts';

type Modulo = NonNullable<WhiteLabelConfig['modulos']>[number];
type PlanoModulo = NonNullable<WhiteLabelConfig['planoModulos']>[number];

/** Every product module with its state: a white-label that lists none has all of them active (spec 000 §6). */
function productModules(schemas: SchemaBundle, config: WhiteLabelConfig): Array<Modulo & { label: string }> {
  const known = (schemas.permissions as { modules?: Record<string, { label?: string }> }).modules ?? {};
  const listed = config.modulos ?? [];
  return Object.entries(known)
    .filter(([id]) => !FIXED_MODULES.has(id))
    .map(([id, module]) => {
      const current = listed.find((modulo) => modulo.id === id);
      return {
        ...current,
        id,
        ativo: listed.length === 0 ? true : current?.ativo === true,
        label: module.label ?? id,
      };
    });
}

/**
 * Administrador › Módulos: switches the product's modules of the white-label on and off (their menus
 * hide) and chooses which plan add-ons are offered, saved in configWhiteLabel.modulos / planoModulos.
 */
export default function ModulosConfigScreen() {
  const { schemas } = useTenant();
  const notify = useNotify();
  const showError = useActionError();
  const { config, save } = useWhiteLabelConfig();
  const initial = useMemo(() => (config ? productModules(schemas, config) : []), [schemas, config]);
  const [modulos, setModulos] = useState(initial);
  const [adicionais, setAdicionais] = useState<PlanoModulo[]>([]);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    setModulos(initial);
    setAdicionais(config?.planoModulos ?? []);
  }, [initial, config]);

  const submit = async () => {
    setSaving(true);
    try {
      await save({
        modulos: modulos.map(({ label: _label, ...modulo }) => modulo),
        planoModulos: adicionais,
      });
      notify.toast('Módulos salvos. Os menus mudam no próximo acesso de cada usuário.', {
        severity: 'success',
      });
    } catch (error) {
      await showError(error);
    } finally {
      setSaving(false);
    }
  };

  const active = modulos.filter((modulo) => modulo.ativo).length;
  return (
    <AdminPage
      title="Módulos"
      description="Módulos disponíveis para as empresas deste white-label. Os menus de um módulo inativo ficam ocultos."
      maxWidth={900}
      actions={
        <Button
          variant="contained"
          startIcon={<Icon>save</Icon>}
          disabled={!config || saving}
          onClick={() => void submit()}
        >
          {saving ? 'Carregando...' : 'Salvar'}
        </Button>
      }
    >
      {!config ? (
        <LinearProgress aria-label="Carregando módulos" />
      ) : (
        <>
          {active === 0 && (
            <Alert severity="warning" sx={{ mb: 2 }}>
              Com todos os módulos inativos, os usuários verão apenas o dashboard, as configurações e a
              assinatura.
            </Alert>
          )}
          <Paper>
            <Typography variant="h6" component="h2" sx={{ px: 3, pt: 2 }}>
              Módulos do sistema ({active} de {modulos.length} ativos)
            </Typography>
            <TableContainer>
              <Table size="small" aria-label="Módulos do sistema">
                <TableHead>
                  <TableRow>
                    <TableCell>Módulo</TableCell>
                    <TableCell sx={{ width: 200 }}>Identificador</TableCell>
                    <TableCell sx={{ width: 120 }} align="center">
                      Ativo
                    </TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {modulos.map((modulo, index) => (
                    <TableRow key={modulo.id} hover>
                      <TableCell>{modulo.label}</TableCell>
                      <TableCell sx={{ fontFamily: 'monospace', color: 'text.secondary' }}>
                        {modulo.id}
                      </TableCell>
                      <TableCell align="center">
                        <Switch
                          checked={modulo.ativo}
                          slotProps={{ input: { 'aria-label': `Módulo ${modulo.label} ativo` } }}
                          onChange={(event) =>
                            setModulos(
                              modulos.map((m, i) =>
                                i === index ? { ...m, ativo: event.target.checked } : m,
                              ),
                            )
                          }
                        />
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          </Paper>
          <Paper sx={{ mt: 3 }}>
            <Typography variant="h6" component="h2" sx={{ px: 3, pt: 2 }}>
              Módulos adicionais
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ px: 3 }}>
              Oferecidos à parte em Assinatura › Módulos adicionais; só os visíveis aparecem para as empresas.
            </Typography>
            {adicionais.length === 0 ? (
              <Box sx={{ p: 3, color: 'text.secondary', textAlign: 'center' }}>
                Este white-label não oferece módulos adicionais.
              </Box>
            ) : (
              <TableContainer>
                <Table size="small" aria-label="Módulos adicionais">
                  <TableHead>
                    <TableRow>
                      <TableCell>Módulo</TableCell>
                      <TableCell align="right" sx={{ width: 140 }}>
                        Valor mensal
                      </TableCell>
                      <TableCell align="center" sx={{ width: 120 }}>
                        Visível
                      </TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {adicionais.map((modulo, index) => (
                      <TableRow key={modulo.id ?? index} hover>
                        <TableCell>
                          {modulo.nome}{' '}
                          <Chip
                            size="small"
                            variant="outlined"
                            label={modulo.id}
                            sx={{ ml: 1, fontFamily: 'monospace' }}
                          />
                          {modulo.descricao && (
                            <Typography variant="caption" color="text.secondary" component="div">
                              {modulo.descricao}
                            </Typography>
                          )}
                        </TableCell>
                        <TableCell align="right">{formatBRL(modulo.valor ?? 0)}</TableCell>
                        <TableCell align="center">
                          <Switch
                            checked={modulo.visivel !== false}
                            slotProps={{ input: { 'aria-label': `Módulo adicional ${modulo.nome} visível` } }}
                            onChange={(event) =>
                              setAdicionais(
                                adicionais.map((m, i) =>
                                  i === index ? { ...m, visivel: event.target.checked } : m,
                                ),
                              )
                            }
                          />
                        </TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </TableContainer>
            )}
          </Paper>
        </>
      )}
    </AdminPage>
  );
}
