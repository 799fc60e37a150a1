import { type OperationId, operations } from '../../../generated/operations.ts';
import type { ApiClient } from './createApiClient.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type UntypedCall = (
  path: string,
  init: {
    params?: { path?: Record<string, unknown>; query?: Record<string, unknown> };
    body?: unknown;
    bodySerializer?: (body: unknown) => unknown;
    headers?: Record<string, string>;
    parseAs?: 'blob';
  },
) => Promise<{ data?: unknown; error?: unknown; response?: Response }>;

/**
 * Calls an API operation named by its OpenAPI operationId (as screen declarations do) through the
 * runtime's client: `{name}` path segments come from `values`, the rest is the query of a GET/DELETE
 * or the JSON body otherwise. Empty values are left out (null and empty texts kept with `keepEmpty`: a form that clears a field). `parseAs: 'blob'` reads a binary answer (the
 * response is returned too, for its headers); `raw` sends a file as the body itself, the values in the query.
 */
export async function callOperation(
  api: ApiClient,
  operationId: string,
  values: Record<string, unknown> = {},
  options: { parseAs?: 'blob'; keepEmpty?: boolean; raw?: { body: Blob; contentType: string } } = {},
): Promise<{ data?: unknown; error?: unknown; response?: Response }> {
  const operation = operations[operationId as OperationId];
  if (!operation) return { error: { error: { message: `Operação "${operationId}" desconhecida.` } } };
  const method = operation.method.toUpperCase() as Method;
  const pathParams: Record<string, unknown> = {};
  const rest: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined || ((value === null || value === '') && !options.keepEmpty)) continue;
    if (operation.path.includes(`{${name}}`)) pathParams[name] = value;
    else rest[name] = value;
  }
  const call = (api as unknown as Record<Method, UntypedCall>)[method].bind(api);
  // A raw body (a file sent as itself): every other value travels in the query.
  const inQuery = method === 'GET' || method === 'DELETE' || options.raw !== undefined;
  const body = options.raw
    ? {
        body: options.raw.body,
        bodySerializer: (blob: unknown) => blob,
        headers: { 'Content-Type': options.raw.contentType },
      }
    : inQuery
      ? {}
      : { body: rest };
  return call(operation.path, {
    params: { path: pathParams, ...(inQuery ? { query: rest } : {}) },
    ...body,
    ...(options.parseAs ? { parseAs: options.parseAs } : {}),
  });
}
