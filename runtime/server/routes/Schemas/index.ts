import type { FastifyInstance } from 'fastify';
import { schemaKind } from '../../../core/schemaKind.ts';
import { PUBLIC } from '../../plugins/routeSecurity.ts';

/** The bundle's shape (also the studio preview's answer, registered apart since plugins do not share $ids). */
export const schemaBundleShape = {
  type: 'object',
  required: ['menus', 'permissions', 'themes', 'enums'],
  properties: {
    menus: { type: 'object', additionalProperties: { type: 'object', additionalProperties: true } },
    permissions: { type: 'object', additionalProperties: true },
    themes: { type: 'object', additionalProperties: true },
    enums: { type: 'object', additionalProperties: { type: 'object', additionalProperties: true } },
    entities: { type: 'object', additionalProperties: { type: 'object', additionalProperties: true } },
    reports: { type: 'object', additionalProperties: { type: 'object', additionalProperties: true } },
    screens: { type: 'object', additionalProperties: { type: 'object', additionalProperties: true } },
    versao: {
      type: 'integer',
      description:
        'Versão publicada das personalizações do estúdio (0: nenhuma); a prévia de rascunhos não tem',
    },
  },
} as const;

/**
 * GET /api/Schemas/bundle — the request's white-label schemas with its patches merged (menus,
 * permission keys, themes, enums, entity/form/grid files, report definitions, screen declarations): what the browser runtime renders.
 * Public: none of it is secret, and the login screen already needs the theme.
 */
/** The serialised bundle of each merged schema set (one per white-label and studio version). */
const serialized = new WeakMap<object, { versao: number; etag: string; body: string }>();

export async function schemasRoutes(app: FastifyInstance): Promise<void> {
  app.addSchema({ $id: 'SchemaBundle', ...schemaBundleShape });
  app.get(
    '/api/Schemas/bundle',
    {
      schema: {
        operationId: 'schemasBundle',
        security: PUBLIC,
        tags: ['Schemas'],
        summary:
          'Schemas do white-label (menus, permissões, temas, enumerações, entidades, relatórios) já mesclados',
        response: {
          200: { $ref: 'SchemaBundle#' },
          304: { description: 'Não mudou desde o ETag enviado (If-None-Match)', type: 'null' },
        },
      },
    },
    async (request, reply) => {
      const { tenant } = request;
      // Built and serialised once per merged set (a white-label and studio version): a bundle is hundreds of
      // kilobytes, and every page load asks for it.
      let cached = serialized.get(tenant.schemas);
      if (!cached || cached.versao !== tenant.schemasVersion) {
        cached = {
          versao: tenant.schemasVersion,
          etag: `W/"schemas-${tenant.id}-${tenant.schemasVersion}-${Date.now().toString(36)}"`,
          body: JSON.stringify({ ...schemaBundle(tenant.schemas), versao: tenant.schemasVersion }),
        };
        serialized.set(tenant.schemas, cached);
      }
      reply.header('ETag', cached.etag);
      reply.header('Cache-Control', 'no-cache');
      if (request.headers['if-none-match'] === cached.etag) return reply.code(304).send();
      return reply
        .type('application/json; charset=utf-8')
        .serializer((body: unknown) => body as string)
        .send(cached.body);
    },
  );
}

/** The browser's bundle of a set of merged schemas (the white-label's, or the studio's preview with drafts). */
export function schemaBundle(schemas: Record<string, unknown>) {
  const bundle = {
    menus: {} as Record<string, unknown>,
    permissions: schemas['schemas/permissions/keys.json'],
    themes: schemas['schemas/tenant/themes.json'],
    enums: {} as Record<string, unknown>,
    entities: {} as Record<string, Record<string, unknown>>,
    reports: {} as Record<string, unknown>,
    screens: {} as Record<string, unknown>,
  };
  for (const [path, content] of Object.entries(schemas)) {
    const kind = schemaKind(path);
    const name = (path.split('/').pop() as string).replace(/\.[a-z]+\.json$/, '');
    if (kind === 'menu') bundle.menus[name] = content;
    if (kind === 'enum') bundle.enums[name] = content;
    if (kind === 'report') bundle.reports[name] = content;
    if (kind === 'screen') bundle.screens[name] = content;
    if (kind === 'entity' || kind === 'form' || kind === 'grid') {
      const entity = path.split('/')[2] as string;
      bundle.entities[entity] = { ...(bundle.entities[entity] ?? {}), [kind]: content };
    }
  }
  return bundle;
}
