import { useEffect, useState } from 'react';
import { extractErrorMessage } from '../../../core/extractErrorMessage.ts';
import { SYSTEM_FIELDS } from '../../../core/resolveEntity.ts';
import { useRuntime } from '../../app/RuntimeContext.tsx';
import { recordsRequest } from './recordsRequest.ts';

export type FormMode = 'create' | 'edit' | 'copy';
type Data = Record<string, unknown>;

export type FormRecordState =
  | { status: 'loading' }
  | { status: 'ready'; data: Data }
  | { status: 'failed'; message: string };

/** A copy starts as a new record: no id, version, tenant or audit columns (unique values are kept; the server tells). */
function asCopy(record: Data): Data {
  const copy = { ...record };
  for (const name of SYSTEM_FIELDS) delete copy[name];
  return copy;
}

/**
 * The values a form starts from: {} to create, GET /api/<Resource>/{id} to edit, the same without its
 * system columns to copy.
 */
export function useFormRecord(resource: string, mode: FormMode, id: number | undefined): FormRecordState {
  const { api } = useRuntime();
  const needsRecord = mode !== 'create';
  const [state, setState] = useState<FormRecordState>(
    needsRecord ? { status: 'loading' } : { status: 'ready', data: {} },
  );
  useEffect(() => {
    if (!needsRecord) {
      setState({ status: 'ready', data: {} });
      return;
    }
    let cancelled = false;
    setState({ status: 'loading' });
    recordsRequest<Data>(api, 'GET', `/api/${resource}/${id}`)
      .then((record) => {
        if (!cancelled) setState({ status: 'ready', data: mode === 'copy' ? asCopy(record) : record });
      })
      .catch((error: unknown) => {
        if (!cancelled) setState({ status: 'failed', message: extractErrorMessage(error) });
      });
    return () => {
      cancelled = true;
    };
  }, [api, resource, mode, id, needsRecord]);
  return state;
}
