import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import type Form from '@rjsf/core';
import type { RJSFSchema } from '@rjsf/utils';
import { useMemo, useRef, useState } from 'react';
import { extractErrorMessage } from '../../../core/extractErrorMessage.ts';
import { resolveDefaultTokens } from '../../../core/screens/resolveDefaultTokens.ts';
import { callOperation } from '../../api/callOperation.ts';
import { useRuntime } from '../../app/RuntimeContext.tsx';
import { useNotify } from '../../ui/NotifyProvider.tsx';
import { defaultFormStateBehavior } from '../form/defaultFormStateBehavior.ts';
import { formValidator } from '../form/formValidator.ts';
import { ThemedForm } from '../form/ThemedForm.ts';
import { transformErrors } from '../form/transformErrors.ts';
import { applyParameterRules } from '../tool/applyParameterRules.ts';
import { fillFormatted } from '../tool/fillFormatted.ts';
import { ToolParametersTemplate } from '../tool/ToolParametersTemplate.tsx';
import type { LookupScreen } from './lookupTypes.ts';

type Values = Record<string, unknown>;
type DeclaredForm = NonNullable<LookupScreen['form']>;

/** The values as sent: texts trimmed. */
const trimmed = (values: Values): Values =>
  Object.fromEntries(
    Object.entries(values).map(([name, value]) => [name, typeof value === 'string' ? value.trim() : value]),
  );

/**
 * A lookup's declared form in a dialog (rjsf, the tool parameters' grid, the spec's field messages and
 * patternMessage hints): a new record (`row` absent, default tokens resolved) or the row's (its id in
 * the operation's path). Salvar validates, sends the trimmed values, toasts `success` and calls
 * onSaved; a refusal of the server stays in the dialog.
 */
export function DeclaredFormDialog(props: {
  form: DeclaredForm;
  row?: Values;
  onClose(): void;
  onSaved(): void;
}) {
  const { form, row } = props;
  const { api } = useRuntime();
  const notify = useNotify();
  const button = row ? form.edit : form.create;
  const schema = useMemo(
    () => resolveDefaultTokens(structuredClone(form.parameters.schema)) as RJSFSchema,
    [form.parameters.schema],
  );
  const [values, setValues] = useState<Values>(() =>
    row ? Object.fromEntries(Object.keys(schema.properties ?? {}).map((name) => [name, row[name]])) : {},
  );
  const [submitted, setSubmitted] = useState(false);
  const [saving, setSaving] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const ref = useRef<Form>(null);
  const uiSchema = applyParameterRules(form.parameters, values);

  const save = async (formData: Values) => {
    const body = trimmed(formData);
    setSaving(true);
    setServerError(null);
    try {
      const { error } = await callOperation(
        api,
        button.operationId,
        { ...body, ...(row ? { id: row.id } : {}) },
        { keepEmpty: true },
      );
      if (error) throw error;
      notify.toast(fillFormatted(form.success, body), { severity: 'success' });
      props.onSaved();
    } catch (error) {
      setServerError(extractErrorMessage(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog open onClose={props.onClose} fullWidth maxWidth="sm" aria-labelledby="declared-form-dialog">
      <DialogTitle id="declared-form-dialog">
        {row ? fillFormatted(button.title, row) : button.title}
      </DialogTitle>
      <DialogContent>
        {serverError && (
          <Alert severity="warning" sx={{ mb: 2 }}>
            {serverError}
          </Alert>
        )}
        <Box sx={{ pt: 1 }}>
          <ThemedForm
            ref={ref}
            schema={schema}
            uiSchema={{ ...uiSchema, 'ui:submitButtonOptions': { norender: true } }}
            formData={values}
            formContext={{ columns: form.parameters.columns }}
            templates={{ ObjectFieldTemplate: ToolParametersTemplate }}
            validator={formValidator}
            experimental_defaultFormStateBehavior={defaultFormStateBehavior}
            transformErrors={(errors) => transformErrors(errors, uiSchema)}
            liveValidate={submitted}
            showErrorList={false}
            noHtml5Validate
            onChange={(event) => setValues(event.formData as Values)}
            onError={() => setSubmitted(true)}
            onSubmit={(event) => void save(event.formData as Values)}
          />
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose} disabled={saving}>
          Cancelar
        </Button>
        <Button variant="contained" disabled={saving} onClick={() => ref.current?.submit()}>
          {saving ? 'Carregando...' : 'Salvar'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
