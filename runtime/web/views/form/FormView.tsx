import { Alert, Box, Button, CircularProgress, Stack, Typography } from '@mui/material';
import { DEFAULT_LOADING_TEXT } from '../../../core/constants.ts';
import { DocumentBar } from './DocumentBar.tsx';
import { DocumentTabs } from './DocumentTabs.tsx';
import { defaultFormStateBehavior } from './defaultFormStateBehavior.ts';
import { ThemedForm } from './ThemedForm.ts';
import { transformErrors } from './transformErrors.ts';
import { UnsavedChangesGuard } from './UnsavedChangesGuard.tsx';
import { type SingletonFormHooks, useFormController } from './useFormController.ts';
import type { FormMode } from './useFormRecord.ts';

export interface FormViewProps {
  /** Entity name (schemas/entities/<name>). */
  entityName: string;
  mode: FormMode;
  /** Record id for edit and copy. */
  id?: number;
  /** A configuration record (SingletonFormView): saving and cancelling stay on the form. */
  singleton?: SingletonFormHooks;
  /** Where to go after a successful save instead of the list (a registered screen's next step). */
  afterSave?: (record: Record<string, unknown>) => void;
}

/** The generic form screen of an entity (…/cadastrar, …/editar/:id, …/copiar/:id); logic in useFormController. */
export function FormView({ entityName, mode, id, singleton, afterSave }: FormViewProps) {
  const form = useFormController({ entityName, mode, id, singleton, afterSave });
  return (
    <Box sx={{ maxWidth: 1200, mx: 'auto' }}>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {form.title}
      </Typography>
      {form.status === 'loading' && (
        <Stack role="status" direction="row" spacing={2} sx={{ alignItems: 'center', py: 4 }}>
          <CircularProgress size={24} />
          <Typography color="text.secondary">{DEFAULT_LOADING_TEXT}</Typography>
        </Stack>
      )}
      {form.status === 'failed' && (
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          <Alert severity="warning">{form.loadError}</Alert>
          <Button variant="outlined" onClick={form.cancel}>
            {singleton ? 'Tentar novamente' : 'Voltar'}
          </Button>
        </Stack>
      )}
      {form.status === 'ready' && (form.document.view || form.document.actions.length > 0) && (
        <DocumentBar
          view={form.document.view}
          actions={form.document.actions}
          running={form.document.running}
          dirty={form.dirty}
          onRun={(transition) => void form.document.run(transition)}
        />
      )}
      {form.status === 'ready' && (
        <ThemedForm
          schema={form.schema}
          uiSchema={form.uiSchema}
          validator={form.validator}
          formData={form.formData}
          formContext={form.formContext}
          extraErrors={form.extraErrors}
          liveValidate={form.liveValidate}
          transformErrors={(errors) => transformErrors(errors, form.uiSchema)}
          experimental_defaultFormStateBehavior={defaultFormStateBehavior}
          showErrorList={false}
          noHtml5Validate
          readonly={!form.canSave}
          focusOnFirstError={form.focusOnFirstError}
          onChange={form.onChange}
          onSubmit={form.onSubmit}
          onError={form.onError}
        >
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', mt: 3 }}>
            <Button variant="outlined" onClick={form.cancel} disabled={singleton && !form.dirty}>
              {singleton ? 'Descartar alterações' : 'Cancelar'}
            </Button>
            {form.canSave && (
              <Button type="submit" variant="contained" loading={form.saving}>
                Salvar
              </Button>
            )}
          </Stack>
        </ThemedForm>
      )}
      {form.status === 'ready' &&
        (form.document.view || (form.entity?.actions && mode === 'edit')) &&
        form.entity &&
        id !== undefined && <DocumentTabs entity={form.entity} id={id} reload={form.reload} />}
      <UnsavedChangesGuard shouldBlock={form.shouldBlock} />
    </Box>
  );
}
