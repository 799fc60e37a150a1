import type { LoopBackFilter, Where } from '../../../core/loopbackFilter.ts';
import type { ApiClient } from '../../api/createApiClient.ts';
import { ApiError } from '../../app/SessionProvider.tsx';
import type { RecordRow } from './listTypes.ts';

/** The records API of one resource, as the list screen uses it (LoopBack 3 shapes). */
export interface RecordsClient {
  find(filter: LoopBackFilter): Promise<RecordRow[]>;
  /** LoopBack /count; `aproximado` when the server answered the planner's estimate (exact: count exactly). */
  count(where: Where | undefined, options?: { exact?: boolean }): Promise<RecordCount>;
  remove(id: number): Promise<void>;
}

export interface RecordCount {
  count: number;
  aproximado: boolean;
}

interface Answer {
  data?: unknown;
  error?: unknown;
  response: Response;
}

/** The typed client without its path types: the resource is only known at run time. */
interface UntypedClient {
  GET(path: string, init?: { params?: { query?: Record<string, string> } }): Promise<Answer>;
  DELETE(path: string, init?: object): Promise<Answer>;
}

function unwrap<T>({ data, error, response }: Answer): T {
  if (error !== undefined || !response.ok) throw new ApiError(response.status, error);
  return data as T;
}

/**
 * Records client of `/api/<resource>` over the app's API client (so the token and `sistema` headers
 * go with every call); errors are thrown as ApiError carrying the LoopBack envelope.
 */
export function createRecordsClient(api: ApiClient, resource: string): RecordsClient {
  const client = api as unknown as UntypedClient;
  const base = `/api/${encodeURIComponent(resource)}`;
  return {
    async find(filter) {
      const answer = await client.GET(base, { params: { query: { filter: JSON.stringify(filter) } } });
      return unwrap<RecordRow[]>(answer) ?? [];
    },
    async count(where, options = {}) {
      const query: Record<string, string> = where ? { where: JSON.stringify(where) } : {};
      if (options.exact) query.exata = 'true';
      const answer = await client.GET(`${base}/count`, { params: { query } });
      const body = unwrap<{ count: number; aproximado?: boolean }>(answer);
      return { count: body?.count ?? 0, aproximado: body?.aproximado === true };
    },
    async remove(id) {
      unwrap(await client.DELETE(`${base}/${encodeURIComponent(String(id))}`));
    },
  };
}
