import { type Dispatch, type SetStateAction, useEffect, useState } from 'react';
import { useRuntime } from '../../app/RuntimeContext.tsx';
import type { EnumOption } from '../../auth/enumOptions.ts';
import { useActionError } from '../../ui/useActionError.tsx';
import { loadParameterOptions } from './loadParameterOptions.ts';
import type { OptionSource } from './toolTypes.ts';

type Values = Record<string, unknown>;

/**
 * Loads the options the parameters of a declared screen (tool, upload) read from operations, once per
 * declaration: null until every source answered, then the options by field. The value each answer
 * selects (or, with `chooseSole`, a sole option) becomes the field's first value unless the user already
 * typed one; a failed source shows the runtime's error dialog and leaves its field without options.
 */
export function useParameterOptions(
  sources: Record<string, OptionSource> | undefined,
  setValues: Dispatch<SetStateAction<Values>>,
  {
    chooseSole = false,
    initial = null,
  }: { chooseSole?: boolean; initial?: Record<string, EnumOption[]> | null } = {},
): Record<string, EnumOption[]> | null {
  const { api } = useRuntime();
  const showError = useActionError();
  const [loaded, setLoaded] = useState<Record<string, EnumOption[]> | null>(initial);
  useEffect(() => {
    let active = true;
    void Promise.all(
      Object.entries(sources ?? {}).map(
        async ([field, source]) => [field, await loadParameterOptions(api, source)] as const,
      ),
    ).then(async (answers) => {
      if (!active) return;
      const options: Record<string, EnumOption[]> = {};
      const selected: Values = {};
      for (const [field, answer] of answers) {
        options[field] = answer.options;
        const sole = chooseSole && answer.options.length === 1 ? answer.options[0]?.code : undefined;
        const first = answer.selected ?? sole;
        if (first !== undefined) selected[field] = first;
        if (answer.error) await showError(answer.error);
      }
      setValues((current) => ({ ...selected, ...current }));
      setLoaded(options);
    });
    return () => {
      active = false;
    };
  }, [api, sources, showError, setValues, chooseSole]);
  return loaded;
}
