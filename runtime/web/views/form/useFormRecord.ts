import { useEffect, useState } from 'react';
import { extractErrorMessage } from '../../../core/extractErrorMessage.ts';
import { SYSTEM_FIELDS } from '../../../core/resolveEntity.ts';
import { useRuntime } from '../../app/RuntimeContext.tsx';
import { recordsRequest } from './recordsRequest.ts';

export type FormMode = 'create' | 'edit' | 'copy';
type Data = Record<string, unknown>;
const NONE: readonly string[] = [];

export type FormRecordState =
  | { status: 'loading' }
  | { status: 'ready'; data: Data }
  | { status: 'failed'; message: string };

/** A copy starts as a new record: no id, version, tenant or audit columns (unique values are kept; the server tells); its items are new items too. */
function asCopy(record: Data, include: readonly string[]): Data {
  const copy = { ...record };
  for (const name of SYSTEM_FIELDS) delete copy[name];
  for (const name of include)
    if (Array.isArray(copy[name])) copy[name] = (copy[name] as Data[]).map((item) => asCopy(item, []));
  return copy;
}

/**
 * The values a form starts from: {} to create, GET /api/<Resource>/{id} to edit, the same without its
 * system columns to copy.
 */
export function useFormRecord(
  resource: string,
  mode: FormMode,
  id: number | undefined,
  /** Child collections the form shows, read with the record (include); keep the array stable (useMemo). */
  include: readonly string[] = NONE,
  /** Changing it reads the record again (after a document transition). */
  reload = 0,
): FormRecordState {
  const { api } = useRuntime();
  const needsRecord = mode !== 'create';
  const [state, setState] = useState<FormRecordState>(
    needsRecord ? { status: 'loading' } : { status: 'ready', data: {} },
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: reload only triggers a new read
  useEffect(() => {
    if (!needsRecord) {
      setState({ status: 'ready', data: {} });
      return;
    }
    let cancelled = false;
    setState({ status: 'loading' });
    const query = include.length > 0 ? { query: { filter: JSON.stringify({ include }) } } : {};
    recordsRequest<Data>(api, 'GET', `/api/${resource}/${id}`, query)
      .then((record) => {
        if (!cancelled)
          setState({ status: 'ready', data: mode === 'copy' ? asCopy(record, include) : record });
      })
      .catch((error: unknown) => {
        if (!cancelled) setState({ status: 'failed', message: extractErrorMessage(error) });
      });
    return () => {
      cancelled = true;
    };
  }, [api, resource, mode, id, needsRecord, include, reload]);
  return state;
}
