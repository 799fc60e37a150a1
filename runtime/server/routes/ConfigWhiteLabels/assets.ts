import { readFile } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../../errors.ts';
import { PUBLIC } from '../../plugins/routeSecurity.ts';
import { assetContentType, tenantAssetPath } from '../../services/tenantAssetPath.ts';

/** Documents and images may come from a white-label operator: they never run scripts on the app's origin. */
const SANDBOXED = /^(text\/html|image\/svg\+xml)/;

/** GET /tenants/{slug}/assets/* — the white-label's shipped files (logo, cover, favicon, terms documents). */
export async function tenantAssetsRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    '/tenants/:slug/assets/*',
    {
      schema: {
        operationId: 'tenantAssets',
        security: PUBLIC,
        tags: ['ConfigWhiteLabels'],
        summary: 'Arquivos do white-label (tenants/<slug>/assets): imagens e documentos; público',
        params: {
          type: 'object',
          required: ['slug', '*'],
          properties: { slug: { type: 'string', maxLength: 100 }, '*': { type: 'string', maxLength: 300 } },
        },
        response: {
          200: {
            description: 'O arquivo',
            content: { '*/*': { schema: { type: 'string', format: 'binary' } } },
          },
          404: { $ref: 'ErrorEnvelope#' },
        },
      },
    },
    async (request, reply) => {
      const { slug, '*': path } = request.params as { slug: string; '*': string };
      const file = await tenantAssetPath(slug, path);
      if (!file) throw new HttpError(404, 'ARQUIVO_NAO_ENCONTRADO', 'Arquivo não encontrado.');
      const type = assetContentType(file);
      reply.headers({ 'x-content-type-options': 'nosniff', 'cache-control': 'public, max-age=3600' });
      if (SANDBOXED.test(type)) {
        reply.header(
          'content-security-policy',
          "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox",
        );
      }
      return reply.type(type).send(await readFile(file));
    },
  );
}
