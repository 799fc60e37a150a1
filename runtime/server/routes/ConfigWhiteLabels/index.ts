import type { FastifyInstance } from 'fastify';
import { ownsWhiteLabel } from '../../../core/authorization/ownsWhiteLabel.ts';
import { FilterError, parseFilter } from '../../../core/loopbackFilter.ts';
import { compileFilter, type FieldMap } from '../../db/compileFilter.ts';
import { TOKEN_OPTIONAL } from '../../plugins/routeSecurity.ts';
import {
  CONFIG_ROW_COLUMNS,
  type ConfigWhiteLabelRow,
  configWhiteLabelView,
} from '../../services/configWhiteLabelView.ts';
import { loadConfigRow } from '../../services/loadConfigRow.ts';
import { tenantAssetsRoutes } from './assets.ts';
import { configWhiteLabelCustomizacoesRoutes } from './customizacoes.ts';
import { configWhiteLabelLogoRoutes } from './logo.ts';
import { configWhiteLabelModulosRoutes } from './modulos.ts';
import {
  configErrorResponses,
  configWhiteLabelCreateSchema,
  configWhiteLabelInputSchema,
  configWhiteLabelSchema,
  idParams,
} from './schemas.ts';
import { configWhiteLabelWriteRoutes } from './write.ts';

const FIELDS: FieldMap = {
  id: { column: 'id', type: 'integer' },
  idConfig: { column: 'id_config', type: 'string' },
  title: { column: 'title', type: 'string' },
};

/** ConfigWhiteLabels: the white-label configuration (spec 001 §3.6, §7.1), its logo and its assets. */
export async function configWhiteLabelsRoutes(app: FastifyInstance): Promise<void> {
  app.addSchema(configWhiteLabelSchema);
  app.addSchema(configWhiteLabelInputSchema);
  app.addSchema(configWhiteLabelCreateSchema);

  app.get(
    '/api/ConfigWhiteLabels',
    {
      schema: {
        operationId: 'configWhiteLabelsFind',
        security: TOKEN_OPTIONAL,
        tags: ['ConfigWhiteLabels'],
        summary: 'Configurações de white-label pelo filtro LoopBack (where: id, idConfig, title); pública',
        querystring: {
          type: 'object',
          properties: { filter: { type: 'string', description: 'JSON, ex.: {"where":{"idConfig":"demo"}}' } },
        },
        response: { 200: { type: 'array', items: { $ref: 'ConfigWhiteLabel#' } }, ...configErrorResponses },
      },
    },
    async (request) => {
      const filter = parseFilter((request.query as { filter?: string }).filter, { maxLimit: 100 });
      if (filter.include?.length) throw new FilterError('include não é suportado em ConfigWhiteLabels.');
      const compiled = compileFilter(filter, FIELDS, { defaultOrder: 'id ASC', defaultLimit: 100 });
      const params = [...compiled.params, compiled.limit, compiled.offset ?? 0];
      const rows = await app.db.withSystem((tx) =>
        tx.query<ConfigWhiteLabelRow>(
          `WITH c AS (SELECT ${CONFIG_ROW_COLUMNS}, COALESCE(patch->>'title', base->>'title') AS title
                        FROM config_white_label)
           SELECT * FROM c WHERE ${compiled.where} ${compiled.orderBy}
            LIMIT $${params.length - 1} OFFSET $${params.length}`,
          params,
        ),
      );
      // Public, but only a white-label's operators see its operator-only members (never its secrets).
      return rows.map((row) => configWhiteLabelView(row, ownsWhiteLabel(request.auth, row.id)));
    },
  );

  app.get(
    '/api/ConfigWhiteLabels/:id',
    {
      schema: {
        operationId: 'configWhiteLabelsFindById',
        security: TOKEN_OPTIONAL,
        tags: ['ConfigWhiteLabels'],
        summary: 'Uma configuração de white-label pelo id; pública (credenciais nunca devolvidas)',
        params: idParams,
        response: { 200: { $ref: 'ConfigWhiteLabel#' }, ...configErrorResponses },
      },
    },
    async (request) => {
      const { id } = request.params as { id: number };
      const row = await app.db.withSystem((tx) => loadConfigRow(tx, id));
      return configWhiteLabelView(row, ownsWhiteLabel(request.auth, row.id));
    },
  );

  await configWhiteLabelWriteRoutes(app);
  await configWhiteLabelModulosRoutes(app);
  await configWhiteLabelCustomizacoesRoutes(app);
  await configWhiteLabelLogoRoutes(app);
  await tenantAssetsRoutes(app);
}
