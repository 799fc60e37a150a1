import {
  Alert,
  Box,
  Button,
  IconButton,
  LinearProgress,
  Paper,
  Stack,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import Icon from '@mui/material/Icon';
import { type FormEvent, useCallback, useEffect, useMemo, useState } from 'react';
import { extractErrorMessage } from '../../../core/extractErrorMessage.ts';
import { phoneMask } from '../../../core/phoneMask.ts';
import { useNotify } from '../../ui/NotifyProvider.tsx';
import { AdminPage } from './AdminPage.tsx';
import {
  AJUDA_MAX_LINKS,
  type AjudaErrors,
  type AjudaForm,
  type AjudaLink,
  ajudaBody,
  ajudaFormData,
  ajudaServerErrors,
  EMPTY_LINK,
  maxLengthOf,
  normalizeAjuda,
  validateAjuda,
} from './ajudaForm.ts';
import { useWhiteLabelConfig } from './useWhiteLabelConfig.ts';

type Contato = AjudaForm['contato'];

/**
 * Administrador › Ajuda: the help the white-label's users see — help links (título, https address,
 * optional description) and the support contact (e-mail, phone and WhatsApp with the phone mask,
 * opening hours). Stored in the configuration's `ajuda` member, saved with PUT /api/ConfigWhiteLabels/{id}.
 */
export default function AjudaScreen() {
  const notify = useNotify();
  const { config, save } = useWhiteLabelConfig();
  const initial = useMemo(() => (config ? ajudaFormData(config) : null), [config]);
  const [form, setForm] = useState<AjudaForm | null>(null);
  // Keys keep each link's inputs in place while links move or are removed.
  const [keys, setKeys] = useState<number[]>([]);
  const [nextKey, setNextKey] = useState(0);
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<AjudaErrors>({});
  const [serverMessage, setServerMessage] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const reset = useCallback((values: AjudaForm) => {
    setForm(values);
    setKeys(values.links.map((_, i) => i));
    setNextKey(values.links.length);
    setSubmitted(false);
    setServerErrors({});
    setServerMessage(null);
  }, []);

  useEffect(() => {
    if (initial) reset(initial);
  }, [initial, reset]);

  const errors: AjudaErrors = useMemo(
    () => ({ ...serverErrors, ...(submitted && form ? validateAjuda(form) : {}) }),
    [form, submitted, serverErrors],
  );
  const dirty = Boolean(
    form && initial && JSON.stringify(normalizeAjuda(form)) !== JSON.stringify(normalizeAjuda(initial)),
  );

  if (!form || !initial) {
    return (
      <AdminPage title="Ajuda" maxWidth={1000}>
        <LinearProgress aria-label="Carregando configuração" />
      </AdminPage>
    );
  }

  const setLink = (index: number, changes: Partial<AjudaLink>) => {
    setForm({
      ...form,
      links: form.links.map((link, i) => (i === index ? { ...link, ...changes } : link)),
    });
    setServerErrors({});
  };
  const setContato = (changes: Partial<Contato>) => {
    setForm({ ...form, contato: { ...form.contato, ...changes } });
    setServerErrors({});
  };
  const addLink = () => {
    setForm({ ...form, links: [...form.links, { ...EMPTY_LINK }] });
    setKeys([...keys, nextKey]);
    setNextKey(nextKey + 1);
    setServerErrors({});
  };
  const removeLink = (index: number) => {
    setForm({ ...form, links: form.links.filter((_, i) => i !== index) });
    setKeys(keys.filter((_, i) => i !== index));
    setServerErrors({});
  };
  const moveLink = (index: number, offset: -1 | 1) => {
    const swap = <T,>(list: T[]): T[] => {
      const copy = [...list];
      [copy[index], copy[index + offset]] = [copy[index + offset] as T, copy[index] as T];
      return copy;
    };
    setForm({ ...form, links: swap(form.links) });
    setKeys(swap(keys));
    setServerErrors({});
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setServerMessage(null);
    if (Object.keys(validateAjuda(form)).length > 0) return;
    if (!dirty) {
      notify.toast('Nenhuma alteração para salvar.', { severity: 'info' });
      return;
    }
    setSaving(true);
    try {
      await save(ajudaBody(form));
      notify.toast('Ajuda do white-label salva.', { severity: 'success' });
    } catch (error) {
      setServerErrors(ajudaServerErrors(error));
      setServerMessage(extractErrorMessage(error));
    } finally {
      setSaving(false);
    }
  };

  const field = (key: string, helper?: string) => ({
    error: Boolean(errors[key]),
    helperText: errors[key] ?? helper,
  });

  return (
    <AdminPage
      title="Ajuda"
      description="Links de ajuda e contato do suporte que os usuários deste white-label veem."
      maxWidth={1000}
    >
      <Box component="form" noValidate onSubmit={(event) => void submit(event)}>
        {serverMessage && (
          <Alert severity="warning" sx={{ mb: 2 }} onClose={() => setServerMessage(null)}>
            <strong>Não foi possível salvar.</strong> {serverMessage}
          </Alert>
        )}
        <Paper component="section" aria-labelledby="ajuda-links" sx={{ p: 3, mb: 2 }}>
          <Stack
            direction="row"
            spacing={1}
            sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 2 }}
          >
            <Typography id="ajuda-links" variant="h6" component="h2">
              Links de ajuda
            </Typography>
            <Button
              variant="outlined"
              startIcon={<Icon>add</Icon>}
              onClick={addLink}
              disabled={form.links.length >= AJUDA_MAX_LINKS}
            >
              Adicionar link
            </Button>
          </Stack>
          {form.links.length === 0 ? (
            <Typography color="text.secondary">
              Nenhum link cadastrado. Use Adicionar link para publicar artigos, vídeos ou a central de ajuda.
            </Typography>
          ) : (
            <Stack spacing={2}>
              {form.links.map((link, index) => (
                <Box
                  key={keys[index]}
                  role="group"
                  aria-label={`Link ${index + 1}`}
                  sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2 }}
                >
                  <Stack
                    direction="row"
                    sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1.5 }}
                  >
                    <Typography variant="subtitle2" color="text.secondary">
                      Link {index + 1}
                    </Typography>
                    <Stack direction="row">
                      <Tooltip title="Mover para cima">
                        <span>
                          <IconButton
                            size="small"
                            aria-label="Mover para cima"
                            disabled={index === 0}
                            onClick={() => moveLink(index, -1)}
                          >
                            <Icon fontSize="small">arrow_upward</Icon>
                          </IconButton>
                        </span>
                      </Tooltip>
                      <Tooltip title="Mover para baixo">
                        <span>
                          <IconButton
                            size="small"
                            aria-label="Mover para baixo"
                            disabled={index === form.links.length - 1}
                            onClick={() => moveLink(index, 1)}
                          >
                            <Icon fontSize="small">arrow_downward</Icon>
                          </IconButton>
                        </span>
                      </Tooltip>
                      <Tooltip title="Remover link">
                        <IconButton size="small" aria-label="Remover link" onClick={() => removeLink(index)}>
                          <Icon fontSize="small">delete</Icon>
                        </IconButton>
                      </Tooltip>
                    </Stack>
                  </Stack>
                  <Box
                    sx={{
                      display: 'grid',
                      gap: 2,
                      gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) minmax(0, 1.4fr)' },
                    }}
                  >
                    <TextField
                      label="Título"
                      required
                      value={link.titulo}
                      onChange={(event) => setLink(index, { titulo: event.target.value })}
                      {...field(`links.${index}.titulo`)}
                      slotProps={{ htmlInput: { maxLength: maxLengthOf('titulo') } }}
                    />
                    <TextField
                      label="Endereço (URL)"
                      required
                      type="url"
                      placeholder="https://"
                      value={link.url}
                      onChange={(event) => setLink(index, { url: event.target.value })}
                      {...field(`links.${index}.url`)}
                      slotProps={{ htmlInput: { maxLength: maxLengthOf('url'), inputMode: 'url' } }}
                    />
                    <TextField
                      label="Descrição (opcional)"
                      multiline
                      minRows={1}
                      value={link.descricao}
                      onChange={(event) => setLink(index, { descricao: event.target.value })}
                      {...field(`links.${index}.descricao`)}
                      sx={{ gridColumn: { md: '1 / -1' } }}
                      slotProps={{ htmlInput: { maxLength: maxLengthOf('descricao') } }}
                    />
                  </Box>
                </Box>
              ))}
            </Stack>
          )}
        </Paper>

        <Paper component="section" aria-labelledby="ajuda-contato" sx={{ p: 3 }}>
          <Typography id="ajuda-contato" variant="h6" component="h2" sx={{ mb: 2 }}>
            Contato do suporte
          </Typography>
          <Box
            sx={{
              display: 'grid',
              gap: 2,
              gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' },
            }}
          >
            <TextField
              label="E-mail"
              type="email"
              value={form.contato.email}
              onChange={(event) => setContato({ email: event.target.value.toLowerCase() })}
              {...field('contato.email')}
              slotProps={{ htmlInput: { maxLength: maxLengthOf('email') } }}
            />
            <TextField
              label="Horário de atendimento"
              placeholder="Segunda a sexta, das 8h às 18h"
              value={form.contato.horarioAtendimento}
              onChange={(event) => setContato({ horarioAtendimento: event.target.value })}
              {...field('contato.horarioAtendimento')}
              slotProps={{ htmlInput: { maxLength: maxLengthOf('horarioAtendimento') } }}
            />
            {(['telefone', 'whatsapp'] as const).map((member) => (
              <TextField
                key={member}
                label={member === 'telefone' ? 'Telefone' : 'WhatsApp'}
                type="tel"
                placeholder="(00) 0 0000-0000"
                value={phoneMask(form.contato[member])}
                onChange={(event) =>
                  setContato({ [member]: phoneMask(event.target.value).replace(/\D/g, '') })
                }
                {...field(`contato.${member}`, 'Com DDD; 11 dígitos para celular')}
                slotProps={{ htmlInput: { inputMode: 'tel' } }}
              />
            ))}
          </Box>
        </Paper>

        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', mt: 3 }}>
          <Button variant="outlined" disabled={saving || !dirty} onClick={() => reset(initial)}>
            Desfazer alterações
          </Button>
          <Button type="submit" variant="contained" startIcon={<Icon>save</Icon>} disabled={saving}>
            {saving ? 'Carregando...' : 'Salvar'}
          </Button>
        </Stack>
      </Box>
    </AdminPage>
  );
}
