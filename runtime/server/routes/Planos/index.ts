import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../../errors.ts';
import { findPlanos } from '../../services/findPlanos.ts';
import { filterQuery, planoErrorResponses, planoIdParams, planoInputSchema, planoSchema } from './schemas.ts';
import { planosWriteRoutes } from './write.ts';

/** Platform staff and master users see every white-label's plans; anyone else only the request's own. */
function scopeOf(request: FastifyRequest): number | null {
  return request.auth?.isAvanco || request.auth?.master ? null : request.tenant.id;
}

const NOT_FOUND = 'Nenhum plano encontrado para o filtro informado.';

/** Planos: the subscription plans of each white-label (spec 001 §7.2); reads are public (plans screen). */
export async function planosRoutes(app: FastifyInstance): Promise<void> {
  app.addSchema(planoSchema);
  app.addSchema(planoInputSchema);

  app.get(
    '/api/Planos',
    {
      schema: {
        operationId: 'planosFind',
        tags: ['Planos'],
        summary: 'Planos pelo filtro LoopBack (where: configWhiteLabel, idExterno, nome, ativo, modulo…)',
        querystring: filterQuery,
        response: { 200: { type: 'array', items: { $ref: 'Plano#' } }, ...planoErrorResponses },
      },
    },
    async (request) => {
      const { filter } = request.query as { filter?: string };
      return app.db.withSystem((tx) => findPlanos(tx, filter, scopeOf(request)));
    },
  );

  app.get(
    '/api/Planos/findOne',
    {
      schema: {
        operationId: 'planosFindOne',
        tags: ['Planos'],
        summary: 'Primeiro plano do filtro, ex.: {"where":{"idExterno":"basico","configWhiteLabel":1}}',
        querystring: filterQuery,
        response: { 200: { $ref: 'Plano#' }, ...planoErrorResponses },
      },
    },
    async (request) => {
      const { filter } = request.query as { filter?: string };
      const [plano] = await app.db.withSystem((tx) => findPlanos(tx, filter, scopeOf(request), true));
      if (!plano) throw new HttpError(404, 'PLANO_NAO_ENCONTRADO', NOT_FOUND);
      return plano;
    },
  );

  app.get(
    '/api/Planos/:id',
    {
      schema: {
        operationId: 'planosFindById',
        tags: ['Planos'],
        summary: 'Um plano pelo id',
        params: planoIdParams,
        response: { 200: { $ref: 'Plano#' }, ...planoErrorResponses },
      },
    },
    async (request) => {
      const { id } = request.params as { id: number };
      const [plano] = await app.db.withSystem((tx) =>
        findPlanos(tx, { where: { id } }, scopeOf(request), true),
      );
      if (!plano) throw new HttpError(404, 'PLANO_NAO_ENCONTRADO', `Plano ${id} não encontrado.`);
      return plano;
    },
  );

  await planosWriteRoutes(app);
}
