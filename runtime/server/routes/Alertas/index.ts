import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../plugins/auth.ts';
import { findAlertas } from '../../services/findAlertas.ts';
import { findOwnAlerta } from '../../services/findOwnAlerta.ts';
import {
  alertaErrorResponses,
  alertaFilterQuery,
  alertaGeralInputSchema,
  alertaIdParams,
  alertaInputSchema,
  alertaObterSchema,
  alertaSchema,
  alertaUpdateSchema,
} from './schemas.ts';
import { alertasWriteRoutes } from './write.ts';

const alertaList = { type: 'array', items: { $ref: 'Alerta#' } } as const;

/** Alertas: the signed-in user's alerts of the header bell (spec 000 §4, spec 001 §7.5). */
export async function alertasRoutes(app: FastifyInstance): Promise<void> {
  for (const schema of [
    alertaSchema,
    alertaInputSchema,
    alertaGeralInputSchema,
    alertaUpdateSchema,
    alertaObterSchema,
  ]) {
    app.addSchema(schema);
  }
  const tenantOf = (auth: { empresaId: number; usuarioId: number }) => ({
    empresaId: auth.empresaId,
    usuarioId: auth.usuarioId,
  });

  app.get(
    '/api/Alertas/pesquisar-alertas',
    {
      schema: {
        operationId: 'alertasPesquisar',
        tags: ['Alertas'],
        summary: 'Alertas do usuário da sessão pelo filtro LoopBack (padrão: mais recentes primeiro)',
        querystring: alertaFilterQuery,
        response: { 200: alertaList, ...alertaErrorResponses },
      },
    },
    async (request) => {
      const auth = requireUser(request);
      const { filter } = request.query as { filter?: string };
      return app.db.withTenant(tenantOf(auth), (tx) => findAlertas(tx, auth.usuarioId, filter));
    },
  );

  app.get(
    '/api/Alertas/list',
    {
      schema: {
        operationId: 'alertasList',
        tags: ['Alertas'],
        summary: 'Os 50 alertas mais recentes do usuário da sessão',
        response: { 200: alertaList, ...alertaErrorResponses },
      },
    },
    async (request) => {
      const auth = requireUser(request);
      return app.db.withTenant(tenantOf(auth), (tx) => findAlertas(tx, auth.usuarioId, { limit: 50 }));
    },
  );

  app.get(
    '/api/Alertas/obter',
    {
      schema: {
        operationId: 'alertasObter',
        tags: ['Alertas'],
        summary: 'Resumo do sino: quantos alertas não lidos, o total e os 10 mais recentes',
        response: { 200: { $ref: 'AlertaResumo#' }, ...alertaErrorResponses },
      },
    },
    async (request) => {
      const auth = requireUser(request);
      return app.db.withTenant(tenantOf(auth), async (tx) => {
        const counts = await tx.one<{ naoLidos: number; total: number }>(
          `SELECT count(*) FILTER (WHERE lido_em IS NULL)::int AS "naoLidos", count(*)::int AS total
             FROM alerta WHERE usuario_id = $1`,
          [auth.usuarioId],
        );
        return { ...counts, alertas: await findAlertas(tx, auth.usuarioId, { limit: 10 }) };
      });
    },
  );

  app.get(
    '/api/Alertas/:id',
    {
      schema: {
        operationId: 'alertasFindById',
        tags: ['Alertas'],
        summary: 'Um alerta do usuário da sessão',
        params: alertaIdParams,
        response: { 200: { $ref: 'Alerta#' }, ...alertaErrorResponses },
      },
    },
    async (request) => {
      const auth = requireUser(request);
      const { id } = request.params as { id: number };
      return app.db.withTenant(tenantOf(auth), (tx) => findOwnAlerta(tx, auth.usuarioId, id));
    },
  );

  await alertasWriteRoutes(app);
}
