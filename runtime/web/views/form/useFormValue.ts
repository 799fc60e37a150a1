import { useSyncExternalStore } from 'react';
import type { FormContext } from './formTypes.ts';

const noSubscription = () => () => {};

/**
 * One value of the form a widget sits in (a sibling field), re-rendering the widget when that value
 * changes: from the form's FormValues store, or from a plain formContext.formData.
 */
export function useFormValue(context: Partial<FormContext> | undefined, field: string): unknown {
  const values = context?.values;
  return useSyncExternalStore(values?.subscribe ?? noSubscription, () =>
    values ? values.get()[field] : context?.formData?.[field],
  );
}
