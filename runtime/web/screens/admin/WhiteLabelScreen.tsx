import { Alert, Button, LinearProgress, Stack } from '@mui/material';
import Icon from '@mui/material/Icon';
import type { ErrorSchema, RJSFValidationError } from '@rjsf/utils';
import { useEffect, useMemo, useState } from 'react';
import { extractErrorMessage } from '../../../core/extractErrorMessage.ts';
import { useTenant } from '../../app/RuntimeContext.tsx';
import { useNotify } from '../../ui/NotifyProvider.tsx';
import { defaultFormStateBehavior } from '../../views/form/defaultFormStateBehavior.ts';
import { formValidator } from '../../views/form/formValidator.ts';
import { ThemedForm } from '../../views/form/ThemedForm.ts';
import { transformErrors } from '../../views/form/transformErrors.ts';
import { AdminPage } from './AdminPage.tsx';
import { LogoCard } from './LogoCard.tsx';
import { useWhiteLabelConfig } from './useWhiteLabelConfig.ts';
import {
  type WhiteLabelFormData,
  whiteLabelChanges,
  whiteLabelFormData,
  whiteLabelSchema,
  whiteLabelServerErrors,
  whiteLabelUiSchema,
} from './whiteLabelForm.ts';

/** Members whose change shows only after the app starts again (they are read at start-up). */
const APPLIED_AT_START = [
  'title',
  'tema',
  'customThemeColor',
  'secondaryThemeColor',
  'linkFavicon',
  'cacheAtivo',
  'API_ENDPOINT',
];
/** Survives the reload that applies the new look, so the person still hears that the save worked. */
const SAVED_FLAG = 'admin:whitelabel-salvo';

/** The generic forms' pt-BR messages; "at least 1 character" reads as the spec's required message. */
function whiteLabelErrors(errors: RJSFValidationError[]): RJSFValidationError[] {
  return transformErrors(
    errors.map((error) =>
      error.name === 'minLength' && Number((error.params as { limit?: unknown })?.limit) === 1
        ? { ...error, name: 'required' }
        : error,
    ),
  );
}

/**
 * Administrador › White label: the white-label's configuration (spec 001 §3.6) as a form drawn from the
 * tenant-settings meta-schema, in tabs; saved with PUT /api/ConfigWhiteLabels/{id}, whose validation
 * messages land under their fields. Title, theme and colours apply by restarting the app.
 */
export default function WhiteLabelScreen() {
  const { schemas } = useTenant();
  const notify = useNotify();
  const { config, setConfig, save } = useWhiteLabelConfig();
  const themes = (schemas.themes as { themes?: Record<string, { label?: string }> }).themes ?? {};
  const schema = useMemo(() => whiteLabelSchema(themes), [themes]);
  const uiSchema = useMemo(() => whiteLabelUiSchema(), []);
  const initial = useMemo(() => (config ? whiteLabelFormData(config) : null), [config]);
  const [formData, setFormData] = useState<WhiteLabelFormData>({});
  const [activeTab, setActiveTab] = useState('geral');
  const [extraErrors, setExtraErrors] = useState<ErrorSchema | undefined>();
  const [serverError, setServerError] = useState<{ message: string; unplaced: string[] } | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (initial) setFormData(initial);
  }, [initial]);

  useEffect(() => {
    if (window.sessionStorage.getItem(SAVED_FLAG)) {
      window.sessionStorage.removeItem(SAVED_FLAG);
      notify.toast('Configuração do white-label salva.', { severity: 'success' });
    }
  }, [notify]);

  const submit = async (data: WhiteLabelFormData) => {
    if (!initial) return;
    const changes = whiteLabelChanges(initial, data);
    if (Object.keys(changes).length === 0) {
      notify.toast('Nenhuma alteração para salvar.', { severity: 'info' });
      return;
    }
    setSaving(true);
    setServerError(null);
    setExtraErrors(undefined);
    try {
      await save(changes);
      const changed = Object.keys(data).filter((name) => data[name] !== initial[name]);
      if (changed.some((name) => APPLIED_AT_START.includes(name))) {
        window.sessionStorage.setItem(SAVED_FLAG, '1');
        window.location.reload();
        return;
      }
      notify.toast('Configuração do white-label salva.', { severity: 'success' });
    } catch (error) {
      const { errorSchema, unplaced } = whiteLabelServerErrors(error);
      setExtraErrors(Object.keys(errorSchema).length > 0 ? errorSchema : undefined);
      setServerError({ message: extractErrorMessage(error), unplaced });
    } finally {
      setSaving(false);
    }
  };

  return (
    <AdminPage
      title="White label"
      description="Marca, tema, cadastro de teste, documentos e integrações deste white-label."
      maxWidth={1100}
    >
      {!config || !initial ? (
        <LinearProgress aria-label="Carregando configuração" />
      ) : (
        <>
          <LogoCard config={config} onUploaded={setConfig} />
          {serverError && (
            <Alert severity="warning" sx={{ mb: 2 }} onClose={() => setServerError(null)}>
              <strong>Não foi possível salvar.</strong> {serverError.message}
              {serverError.unplaced.length > 0 && (
                <ul style={{ margin: '4px 0 0', paddingLeft: 20 }}>
                  {serverError.unplaced.map((text) => (
                    <li key={text}>{text}</li>
                  ))}
                </ul>
              )}
            </Alert>
          )}
          <ThemedForm
            schema={schema}
            uiSchema={uiSchema}
            validator={formValidator}
            formData={formData}
            formContext={{ formData, activeTab, setActiveTab }}
            extraErrors={extraErrors}
            transformErrors={whiteLabelErrors}
            experimental_defaultFormStateBehavior={defaultFormStateBehavior}
            showErrorList={false}
            noHtml5Validate
            onChange={(event) => setFormData(event.formData as WhiteLabelFormData)}
            onSubmit={(event) => void submit(event.formData as WhiteLabelFormData)}
            onError={() => setServerError(null)}
          >
            <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', mt: 3 }}>
              <Button variant="outlined" disabled={saving} onClick={() => setFormData(initial)}>
                Desfazer alterações
              </Button>
              <Button type="submit" variant="contained" startIcon={<Icon>save</Icon>} disabled={saving}>
                {saving ? 'Carregando...' : 'Salvar'}
              </Button>
            </Stack>
          </ThemedForm>
        </>
      )}
    </AdminPage>
  );
}
