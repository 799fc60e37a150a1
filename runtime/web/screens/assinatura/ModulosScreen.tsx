import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CircularProgress,
  FormControlLabel,
  Grid,
  Stack,
  Switch,
  Typography,
} from '@mui/material';
import { useEffect, useMemo, useState } from 'react';
import { formatBRL } from '../../../core/formatMoney.ts';
import { useRuntime, useTenant } from '../../app/RuntimeContext.tsx';
import { useNotify } from '../../ui/NotifyProvider.tsx';
import { useActionError } from '../../ui/useActionError.tsx';
import { modulosOferecidos, useAssinatura } from './useAssinatura.ts';

/**
 * Assinatura › Módulos adicionais: the add-ons the white-label offers (planoModulos), each with its monthly
 * price, switched on or off for the company and saved together (PUT /api/Usuarios/modulosAdicionais).
 */
export default function ModulosScreen() {
  const { config } = useTenant();
  const { api } = useRuntime();
  const notify = useNotify();
  const showError = useActionError();
  const { assinatura, setAssinatura, loading } = useAssinatura();
  const offered = useMemo(() => modulosOferecidos(config.planoModulos), [config.planoModulos]);
  const [chosen, setChosen] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (assinatura) setChosen(assinatura.modulosContratados ?? []);
  }, [assinatura]);

  const contracted = new Set(assinatura?.modulosContratados ?? []);
  const changed = chosen.length !== contracted.size || chosen.some((id) => !contracted.has(id));
  const total = offered
    .filter((modulo) => chosen.includes(modulo.id))
    .reduce((sum, m) => sum + (m.valor ?? 0), 0);

  const save = async () => {
    const ok = await notify.confirm({
      title: 'Módulos adicionais',
      message: `Confirma os módulos escolhidos? O valor mensal dos módulos passa a ser ${formatBRL(total)}.`,
      confirmLabel: 'Confirmar',
    });
    if (!ok) return;
    setSaving(true);
    try {
      const { data, error } = await api.PUT('/api/Usuarios/modulosAdicionais', { body: { modulos: chosen } });
      if (error) throw error;
      setAssinatura(data ?? null);
      notify.toast('Módulos adicionais atualizados com sucesso!', { severity: 'success' });
    } catch (error) {
      await showError(error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Box sx={{ maxWidth: 960 }}>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        Módulos adicionais
      </Typography>
      {loading ? (
        <Box role="status" sx={{ py: 4, textAlign: 'center' }}>
          <CircularProgress />
        </Box>
      ) : offered.length === 0 ? (
        <Alert severity="info">Nenhum módulo adicional disponível no momento.</Alert>
      ) : (
        <>
          {assinatura?.trial && (
            <Alert severity="info" sx={{ mb: 2 }}>
              No período de teste, os módulos adicionais são escolhidos junto com o plano, em Assinatura ›
              Planos.
            </Alert>
          )}
          <Grid container spacing={2}>
            {offered.map((modulo) => (
              <Grid key={modulo.id} size={{ xs: 12, sm: 6 }}>
                <Card component="article" aria-label={modulo.nome} variant="outlined" sx={{ height: '100%' }}>
                  <CardContent>
                    <Typography variant="h6" component="h2">
                      {modulo.nome}
                    </Typography>
                    {modulo.descricao && (
                      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                        {modulo.descricao}
                      </Typography>
                    )}
                    <Stack
                      direction="row"
                      sx={{ alignItems: 'center', justifyContent: 'space-between', mt: 1 }}
                    >
                      <Typography color="primary" sx={{ fontWeight: 600 }}>
                        {formatBRL(modulo.valor ?? 0)} /mês
                      </Typography>
                      <FormControlLabel
                        label="Contratado"
                        control={
                          <Switch
                            checked={chosen.includes(modulo.id)}
                            disabled={Boolean(assinatura?.trial) || saving}
                            onChange={(event) =>
                              setChosen(
                                event.target.checked
                                  ? [...chosen, modulo.id]
                                  : chosen.filter((id) => id !== modulo.id),
                              )
                            }
                          />
                        }
                      />
                    </Stack>
                  </CardContent>
                </Card>
              </Grid>
            ))}
          </Grid>
          <Stack direction="row" spacing={2} sx={{ mt: 3, alignItems: 'center', justifyContent: 'flex-end' }}>
            <Typography>
              Total mensal dos módulos: <strong>{formatBRL(total)}</strong>
            </Typography>
            <Button
              variant="contained"
              disabled={!changed || saving || Boolean(assinatura?.trial)}
              onClick={() => void save()}
            >
              {saving ? 'Carregando...' : 'Salvar'}
            </Button>
          </Stack>
        </>
      )}
    </Box>
  );
}
