import { useEffect, useState } from 'react';
import { extractErrorMessage } from '../../../core/extractErrorMessage.ts';
import { useRuntime } from '../../app/RuntimeContext.tsx';
import { recordsRequest } from './recordsRequest.ts';

export type SingletonRecordState =
  | { status: 'loading' }
  | { status: 'ready'; id: number | undefined }
  | { status: 'failed'; message: string };

/**
 * The id of the one record of a singleton entity in the user's scope (the API's RLS and the singleton
 * index keep at most one): undefined while none exists yet. Looks again whenever `revision` changes.
 */
export function useSingletonRecord(resource: string, revision: number): SingletonRecordState {
  const { api } = useRuntime();
  const [state, setState] = useState<SingletonRecordState>({ status: 'loading' });
  useEffect(() => {
    let cancelled = false;
    setState({ status: 'loading' });
    const filter = JSON.stringify({ fields: { id: true }, order: 'id ASC', limit: 1 });
    void revision;
    recordsRequest<Array<{ id: number }>>(api, 'GET', `/api/${resource}`, { query: { filter } })
      .then((rows) => {
        if (!cancelled) setState({ status: 'ready', id: rows[0]?.id });
      })
      .catch((error: unknown) => {
        if (!cancelled) setState({ status: 'failed', message: extractErrorMessage(error) });
      });
    return () => {
      cancelled = true;
    };
  }, [api, resource, revision]);
  return state;
}
