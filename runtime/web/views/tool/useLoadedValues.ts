import { type Dispatch, type SetStateAction, useCallback, useEffect, useState } from 'react';
import { readPath } from '../../../core/readPath.ts';
import { callOperation } from '../../api/callOperation.ts';
import { useRuntime } from '../../app/RuntimeContext.tsx';
import { useActionError } from '../../ui/useActionError.tsx';
import type { ToolScreen } from './toolTypes.ts';

type Values = Record<string, unknown>;

/**
 * The values a tool's `load` reads (a configuration): called once with the host's `extra` values, the
 * answer's members that are parameters fill the form. `ready` is false until it answered (true without
 * `load`); `fill` puts an answer's values in the form again (after a `save`); `loaded` keeps them.
 */
export function useLoadedValues(
  declaration: ToolScreen,
  extra: Values | undefined,
  setValues: Dispatch<SetStateAction<Values>>,
) {
  const { api } = useRuntime();
  const showError = useActionError();
  const { load } = declaration;
  const [ready, setReady] = useState(!load);
  // The values as loaded or last saved (what `undo` puts back and `unchanged` compares with).
  const [loaded, setLoaded] = useState<Values>({});
  const properties = (declaration.parameters.schema as { properties?: Values }).properties ?? {};

  const fill = useCallback(
    (answer: unknown) => {
      const source = load?.value ? readPath(answer, load.value.split('.')) : answer;
      const picked: Values = {};
      for (const name of Object.keys(properties))
        if ((source as Values | null)?.[name] !== undefined) picked[name] = (source as Values)[name];
      setValues((current) => ({ ...current, ...picked }));
      setLoaded(picked);
    },
    [load, properties, setValues],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: read once per screen (the host remounts it for other extra values).
  useEffect(() => {
    if (!load) return;
    let active = true;
    void callOperation(api, load.operationId, extra).then(async ({ data, error }) => {
      if (!active) return;
      if (error) return void (await showError(error));
      fill(data);
      setReady(true);
    });
    return () => {
      active = false;
    };
  }, [api, load]);

  return { ready, fill, loaded };
}
