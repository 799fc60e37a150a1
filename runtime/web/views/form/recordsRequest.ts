import type { ApiClient } from '../../api/createApiClient.ts';
import { ApiError } from '../../app/SessionProvider.tsx';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type LooseCall = (
  path: string,
  init: { params?: { query?: Record<string, string> }; body?: unknown; headers?: Record<string, string> },
) => Promise<{ data?: unknown; error?: unknown; response: Response }>;

/**
 * Calls an entity's records API, whose path is only known at run time (/api/<Resource>…), through the
 * typed client (so the token and `sistema` headers apply); a failed response throws ApiError with the body.
 */
export async function recordsRequest<T>(
  api: ApiClient,
  method: Method,
  path: string,
  options: { query?: Record<string, string>; body?: unknown; headers?: Record<string, string> } = {},
): Promise<T> {
  const call = (api as unknown as Record<Method, LooseCall>)[method];
  const init = {
    ...(options.query ? { params: { query: options.query } } : {}),
    ...(options.body !== undefined ? { body: options.body } : {}),
    ...(options.headers ? { headers: options.headers } : {}),
  };
  const { data, error, response } = await call(path, init);
  if (!response.ok) throw new ApiError(response.status, error);
  return data as T;
}
