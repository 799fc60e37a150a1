import type { FastifyInstance } from 'fastify';
import { PUBLIC } from '../../plugins/routeSecurity.ts';

const ONE_DAY_SECONDS = 86_400;

/**
 * GET /ambientes.json — the published list of environments (spec 000 §7): the web app picks its API
 * base by its own origin from this list. One entry per white-label domain; an empty api_endpoint
 * means the API answers on the same origin.
 */
export async function ambientesRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    '/ambientes.json',
    {
      schema: {
        operationId: 'ambientesList',
        security: PUBLIC,
        tags: ['Saúde'],
        summary: 'Lista pública de ambientes: domínio, nome e endereço da API (cache de 24 h)',
        response: {
          200: {
            type: 'array',
            items: {
              type: 'object',
              required: ['dominio', 'nome', 'api_endpoint'],
              properties: {
                dominio: { type: 'string', description: 'Host name servido por este white-label' },
                nome: { type: 'string', description: 'Título do white-label' },
                api_endpoint: { type: 'string', description: 'Base da API; vazio = mesma origem' },
              },
            },
          },
        },
      },
    },
    async (_request, reply) => {
      const tenants = await app.tenants.all();
      reply.header('cache-control', `public, max-age=${ONE_DAY_SECONDS}`);
      return tenants.flatMap((tenant) =>
        (tenant.settings.domains ?? []).map((dominio) => ({
          dominio,
          nome: tenant.settings.title,
          api_endpoint: tenant.settings.API_ENDPOINT ?? '',
        })),
      );
    },
  );
}
