import type Form from '@rjsf/core';
import type { RJSFSchema } from '@rjsf/utils';
import { type ReactNode, useMemo, useRef, useState } from 'react';
import { extractErrorMessage } from '../../../core/extractErrorMessage.ts';
import { readPath } from '../../../core/readPath.ts';
import { conditionHolds } from '../../../core/screens/evaluateRule.ts';
import { callOperation } from '../../api/callOperation.ts';
import { useRuntimeList } from '../../app/moduleOptions.ts';
import { useRuntime, useTenant } from '../../app/RuntimeContext.tsx';
import { enumOptions } from '../../auth/enumOptions.ts';
import { useNotify } from '../../ui/NotifyProvider.tsx';
import { defaultFormStateBehavior } from '../form/defaultFormStateBehavior.ts';
import { formValidator } from '../form/formValidator.ts';
import { ThemedForm } from '../form/ThemedForm.ts';
import { transformErrors } from '../form/transformErrors.ts';
import { applyParameterRules } from '../tool/applyParameterRules.ts';
import { buildParameterSchema } from '../tool/buildParameterSchema.ts';
import { fillFormatted, formulaText } from '../tool/fillFormatted.ts';
import { ToolParametersTemplate } from '../tool/ToolParametersTemplate.tsx';
import { fillQuery } from './fillQuery.ts';
import type { LookupScreen } from './lookupTypes.ts';

type Values = Record<string, unknown>;
export type DeclaredForm = NonNullable<LookupScreen['form']>;
export type FormButton = NonNullable<DeclaredForm['edit']>;
type Objects = NonNullable<DeclaredForm['parameters']['objects']>;

/** A row's values as the form edits them: an `objects` array as the list of its keys. */
function formValues(row: Values, names: string[], objects: Objects): Values {
  return Object.fromEntries(
    names.map((name) => {
      // A null the form cannot show starts empty (its default, if any).
      const value = row[name] ?? undefined;
      const key = objects[name]?.key;
      return [name, key && Array.isArray(value) ? value.map((item) => (item as Values)?.[key]) : value];
    }),
  );
}

/**
 * The values as sent: texts trimmed, an empty nullable field null, an `objects` list back to objects
 * (the row's own kept, new ones with `add`).
 */
function requestValues(
  values: Values,
  schema: RJSFSchema,
  objects: Objects,
  row: Values | undefined,
): Values {
  const properties = (schema.properties ?? {}) as Record<string, RJSFSchema>;
  return Object.fromEntries(
    Object.keys(properties).map((name) => {
      const value = values[name];
      const object = objects[name];
      if (object && Array.isArray(value)) {
        const own = Array.isArray(row?.[name]) ? (row[name] as Values[]) : [];
        const kept = (code: unknown) => own.find((item) => item?.[object.key] === code);
        return [name, value.map((code) => kept(code) ?? { [object.key]: code, ...object.add })];
      }
      const type = properties[name]?.type;
      if (value === undefined && Array.isArray(type) && type.includes('null')) return [name, null];
      return [name, typeof value === 'string' ? value.trim() : value];
    }),
  );
}

/**
 * A lookup's declared form (rjsf, the tool parameters' grid, the spec's field messages and
 * patternMessage hints) for a new record (`row` absent, default tokens resolved) or the row's (its id in
 * the operation's path). Submitting validates, asks the button's `confirm`, sends the trimmed values,
 * toasts `success` (a formula over the answer, then the values) and calls onSaved; a refusal of the
 * server is kept in `serverError` for the form's frame (a dialog or an inline section) to show.
 */
export function useDeclaredForm(props: {
  form: DeclaredForm;
  /** The button that opened the form (create, or a row's edit). */
  button: FormButton;
  row?: Values;
  params?: Record<string, string>;
  onSaved(): void;
}): {
  fields: ReactNode;
  submit(): void;
  saving: boolean;
  serverError: string | null;
  /** The button's `notice` for the row, if any. */
  notice: string;
} {
  const { form, row, button } = props;
  const { api } = useRuntime();
  const { schemas } = useTenant();
  const notify = useNotify();
  const { parameters } = form;
  const objects = parameters.objects ?? {};
  // Only the runtime lists declarations name today (modulos); a hook per name keeps their order fixed.
  const modulos = useRuntimeList('modulos');
  const schema = useMemo(() => {
    const lists = Object.fromEntries(Object.keys(parameters.lists ?? {}).map((field) => [field, modulos]));
    return buildParameterSchema(parameters, (name) => enumOptions(schemas, name).options, lists);
  }, [parameters, schemas, modulos]);
  const [values, setValues] = useState<Values>(() =>
    row ? formValues(row, Object.keys(schema.properties ?? {}), objects) : {},
  );
  const [submitted, setSubmitted] = useState(false);
  const [saving, setSaving] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const ref = useRef<Form>(null);
  const uiSchema = applyParameterRules(form.parameters, values);

  const context = { ...row, route: props.params ?? {} };
  const notice = button.notice ? formulaText(button.notice, context) : '';

  const save = async (formData: Values) => {
    const body = { ...requestValues(formData, schema, objects, row), ...fillQuery(button.values, context) };
    const ask = (confirm: NonNullable<typeof button.confirm>, prefix = '') =>
      notify.confirm({
        ...(confirm.title ? { title: confirm.title } : {}),
        message: `${prefix}${fillFormatted(confirm.message, body)}`,
        confirmLabel: confirm.label ?? button.label,
      });
    if (button.confirm && !(await ask(button.confirm))) return;
    const send = (more: Values = {}) =>
      callOperation(
        api,
        button.operationId,
        { ...body, ...(row ? { id: row.id } : {}), ...more },
        {
          keepEmpty: true,
        },
      );
    setSaving(true);
    setServerError(null);
    try {
      // A refusal the user may overrule (e.g. a number below the highest used): known in advance by
      // `when` (asked first), else asked when the server refuses with its code; then sent again.
      const { retry } = button;
      const known = retry?.when && conditionHolds(retry.when, { row: row ?? {}, values: body });
      if (
        retry &&
        known &&
        !(await ask(retry.confirm, `${fillFormatted(retry.message ?? '', { row, values: body })} `))
      )
        return;
      let { data, error } = await send(retry && known ? retry.values : {});
      if (error && retry && !known && readPath(error, ['error', 'code']) === retry.code) {
        if (!(await ask(retry.confirm, `${extractErrorMessage(error)} `))) return;
        ({ data, error } = await send(retry.values));
      }
      if (error) throw error;
      const answer = data && typeof data === 'object' && !Array.isArray(data) ? data : {};
      notify.toast(formulaText(button.success ?? form.success, { ...body, ...answer }), {
        severity: 'success',
      });
      props.onSaved();
    } catch (error) {
      setServerError(extractErrorMessage(error));
    } finally {
      setSaving(false);
    }
  };

  const fields = (
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
  );
  return { fields, submit: () => ref.current?.submit(), saving, serverError, notice };
}
