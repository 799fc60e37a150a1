import createClient, { type Middleware } from 'openapi-fetch';
import type { paths } from '../../../generated/api.d.ts';
import { SYSTEM_ID } from '../../core/constants.ts';

export interface ApiClientOptions {
  /** API base (tenant's API_ENDPOINT); empty string means the page's own origin. */
  baseUrl: string;
  /** Current session token, read on every request so a login takes effect at once. */
  getToken?: () => string | null;
  fetch?: typeof fetch;
}

/**
 * Typed API client over generated/api.d.ts: JSON content type, the raw token in Authorization
 * and the `sistema` header on every request (spec 000 §7).
 */
export function createApiClient(options: ApiClientOptions) {
  const client = createClient<paths>({
    baseUrl: options.baseUrl.replace(/\/$/, ''),
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  const headers: Middleware = {
    onRequest({ request }) {
      request.headers.set('sistema', SYSTEM_ID);
      const token = options.getToken?.();
      if (token && !request.headers.has('Authorization')) request.headers.set('Authorization', token);
      return request;
    },
  };
  client.use(headers);
  return client;
}

export type ApiClient = ReturnType<typeof createApiClient>;
