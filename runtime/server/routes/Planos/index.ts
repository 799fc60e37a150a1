import type { FastifyInstance, FastifyRequest } from 'fastify';
import { operatedWhiteLabels } from '../../../core/authorization/ownsWhiteLabel.ts';
import { HttpError } from '../../errors.ts';
import { TOKEN_OPTIONAL } from '../../plugins/routeSecurity.ts';
import { findPlanos } from '../../services/findPlanos.ts';
import { filterQuery, planoErrorResponses, planoIdParams, planoInputSchema, planoSchema } from './schemas.ts';
import { planosWriteRoutes } from './write.ts';

/**
 * The white-label whose plans a request reads (null = every one): platform staff every white-label, a
 * master only their own, anyone else the white-label of the request's address.
 */
function scopeOf(request: FastifyRequest): number | null {
  const operated = operatedWhiteLabels(request.auth);
  if (operated === 'all') return null;
  return operated ?? request.tenant.id;
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
        security: TOKEN_OPTIONAL,
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
        security: TOKEN_OPTIONAL,
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
        security: TOKEN_OPTIONAL,
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
