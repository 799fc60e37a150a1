import { type ErrorSchema, mergeObjects, type RJSFSchema, type UiSchema } from '@rjsf/utils';
import { useCallback, useMemo, useState } from 'react';
import { extractErrorMessage } from '../../../core/extractErrorMessage.ts';
import { refusalStatus, refusedFieldErrors, trimTexts, validateParameters } from './fieldErrors.ts';
import type { ToolAction, ToolScreen } from './toolTypes.ts';

type Values = Record<string, unknown>;

/** An API refusal shown by the screen: the action's `refused` title and the API's message. */
export interface Refusal {
  title: string;
  message: string;
}

/**
 * The messages a tool shows under its fields: with `validate`, the schema's after the first action
 * (again as the values change); an action's `refused` 4xx answer places its field messages (until the
 * next change) and its message in an alert. `check` says whether the values may be sent.
 */
export function useFieldErrors(
  parameters: ToolScreen['parameters'],
  schema: RJSFSchema | null,
  uiSchema: UiSchema,
  values: Values,
) {
  const [checked, setChecked] = useState(false);
  const [server, setServer] = useState<ErrorSchema | null>(null);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  // `trim`: the values checked as they will be sent (a text of spaces only is empty).
  const checkedValues = useMemo(
    () => (parameters.trim ? trimTexts(values, true) : values),
    [parameters.trim, values],
  );
  const own = useMemo(
    () =>
      parameters.validate && checked && schema
        ? validateParameters(schema, checkedValues, uiSchema).errorSchema
        : {},
    [parameters.validate, checked, schema, checkedValues, uiSchema],
  );
  const errors = useMemo(
    () => (server ? (mergeObjects(own, server, true) as ErrorSchema) : (own as ErrorSchema)),
    [own, server],
  );

  /** Before an action: false (and the messages shown) while the values fail the schema. */
  const check = useCallback(() => {
    setRefusal(null);
    if (!parameters.validate || !schema) return true;
    setChecked(true);
    return !validateParameters(schema, checkedValues, uiSchema).failed;
  }, [parameters.validate, schema, checkedValues, uiSchema]);

  /** A failed action: true when its `refused` alert shows the error (else the error dialog should). */
  const refuse = useCallback(
    (action: ToolAction, error: unknown) => {
      const status = refusalStatus(error);
      if (!action.refused || status === undefined || status < 400 || status >= 500) return false;
      setServer(refusedFieldErrors(error, parameters));
      setRefusal({ title: action.refused, message: extractErrorMessage(error) });
      return true;
    },
    [parameters],
  );

  /** The values changed: the server's field messages no longer apply. */
  const changed = useCallback(() => setServer(null), []);

  /** The values put back (undo): nothing to show. */
  const clear = useCallback(() => {
    setChecked(false);
    setServer(null);
    setRefusal(null);
  }, []);

  return { errors, refusal, closeRefusal: () => setRefusal(null), check, refuse, changed, clear };
}
