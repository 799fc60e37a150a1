import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../errors.ts';

/** The host the browser addressed: the page's Origin when cross-origin, else Host. */
export function requestHost(request: FastifyRequest): string | undefined {
  const origin = request.headers.origin;
  if (origin && origin !== 'null') {
    try {
      return new URL(origin).host;
    } catch {
      // A malformed Origin falls back to Host.
    }
  }
  return request.headers.host;
}

/** Picks the white-label of every request from its origin (spec: configuration chosen by origin). */
export function registerTenantContext(app: FastifyInstance): void {
  app.decorateRequest('tenant', null as never);
  app.addHook('onRequest', async (request) => {
    if (!app.tenants) return;
    const tenant = await app.tenants.forHost(requestHost(request));
    if (!tenant) {
      throw new HttpError(
        503,
        'WHITE_LABEL_NAO_CONFIGURADO',
        'Nenhum white-label está configurado para este endereço.',
      );
    }
    request.tenant = tenant;
  });
}
