import type { FastifyInstance } from 'fastify';
import { apiGuideHtml } from '../../services/documentation/apiGuideHtml.ts';
import { apiOperations } from '../../services/documentation/apiOperations.ts';

/**
 * Integrações › Documentação da API (menu entry `documentacao-api`, opened in a new tab): the pt-BR guide to
 * API keys and webhook signatures with the list of operations, and the OpenAPI document itself. Both are
 * public, as the contract is no secret and a new tab carries no session token; they are no API operations
 * (hidden from the contract).
 */
export async function documentationRoutes(app: FastifyInstance): Promise<void> {
  let document: Record<string, unknown> | undefined;
  const openapi = () => {
    document ??= app.swagger() as unknown as Record<string, unknown>;
    return document;
  };
  app.get('/documentation/openapi.json', { schema: { hide: true } }, async () => openapi());
  app.get('/documentation', { schema: { hide: true } }, async (request, reply) => {
    reply.type('text/html; charset=utf-8');
    return apiGuideHtml({
      title: request.tenant?.settings.title ?? 'ERP',
      byTag: apiOperations(openapi()),
      retryLimit: app.config?.webhookRetryLimit ?? 8,
      retryDelaySeconds: app.config?.webhookRetryDelaySeconds ?? 30,
    });
  });
}
