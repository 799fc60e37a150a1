import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../../errors.ts';
import { requireAvancoOrMaster } from '../../plugins/auth.ts';
import { deleteAlertaGeral } from '../../services/deleteAlertaGeral.ts';
import { listAlertasGerais } from '../../services/listAlertasGerais.ts';
import { errorResponses } from '../errorResponses.ts';

const envioSchema = {
  $id: 'AlertaGeralEnvio',
  type: 'object',
  required: ['id', 'tipo', 'texto', 'link', 'permiteExcluir', 'data', 'enviadoPor', 'destinatarios', 'lidos'],
  properties: {
    id: { type: 'integer', description: 'Identifica o envio (exclusão)' },
    tipo: { type: 'string', enum: ['info', 'success', 'warning'] },
    texto: { type: 'string' },
    link: { type: 'string', nullable: true },
    permiteExcluir: { type: 'boolean' },
    data: { type: 'string', format: 'date-time' },
    enviadoPor: { type: 'string', nullable: true, description: 'Nome de quem enviou' },
    destinatarios: { type: 'integer', description: 'Usuários que ainda têm a notificação' },
    lidos: { type: 'integer', description: 'Quantos deles já a leram' },
  },
} as const;

const whiteLabelQuery = {
  configWhiteLabelId: {
    type: 'integer',
    minimum: 1,
    maximum: Number.MAX_SAFE_INTEGER,
    description: 'White-label (padrão: o do endereço); só a equipe isAvanco escolhe outro que não o seu',
  },
} as const;

const responses = errorResponses(400, 401, 403, 404);

/** The white-label a request acts on, with the rule of POST /api/Alertas/geral (master: only its own). */
async function whiteLabelOf(app: FastifyInstance, request: FastifyRequest): Promise<number> {
  const auth = requireAvancoOrMaster(request);
  const query = request.query as { configWhiteLabelId?: number };
  const configId = query.configWhiteLabelId ?? request.tenant.id;
  if (!auth.isAvanco && configId !== auth.configWhiteLabelId) {
    throw new HttpError(403, 'ACESSO_NEGADO', 'Você só pode ver as notificações do seu white-label.');
  }
  if (!(await app.tenants.byId(configId))) {
    throw new HttpError(404, 'WHITE_LABEL_NAO_ENCONTRADO', `White-label ${configId} não encontrado.`);
  }
  return configId;
}

/** GET and DELETE /api/Alertas/gerais: the general alerts already sent to a white-label (administrator area). */
export async function alertasGeraisRoutes(app: FastifyInstance): Promise<void> {
  app.addSchema(envioSchema);

  app.get(
    '/api/Alertas/gerais',
    {
      schema: {
        operationId: 'alertasGeraisList',
        tags: ['Alertas'],
        summary:
          'Notificações gerais já enviadas ao white-label, mais recentes primeiro (equipe da plataforma)',
        querystring: {
          type: 'object',
          properties: {
            ...whiteLabelQuery,
            limit: { type: 'integer', minimum: 1, maximum: 100, default: 20 },
            skip: { type: 'integer', minimum: 0, maximum: 1_000_000, default: 0 },
          },
        },
        response: {
          200: {
            type: 'object',
            required: ['total', 'envios'],
            properties: {
              total: { type: 'integer', description: 'Quantos envios existem' },
              envios: { type: 'array', items: { $ref: 'AlertaGeralEnvio#' } },
            },
          },
          ...responses,
        },
      },
    },
    async (request) => {
      const configId = await whiteLabelOf(app, request);
      const { limit, skip } = request.query as { limit: number; skip: number };
      return app.db.withSystem((tx) => listAlertasGerais(tx, configId, { limit, skip }));
    },
  );

  app.delete(
    '/api/Alertas/gerais/:id',
    {
      schema: {
        operationId: 'alertasGeraisDelete',
        tags: ['Alertas'],
        summary: 'Exclui uma notificação geral de todos os usuários que ainda a têm (equipe da plataforma)',
        params: {
          type: 'object',
          required: ['id'],
          properties: { id: { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER } },
        },
        querystring: { type: 'object', properties: whiteLabelQuery },
        response: {
          200: { type: 'object', required: ['count'], properties: { count: { type: 'integer' } } },
          ...responses,
        },
      },
    },
    async (request) => {
      const configId = await whiteLabelOf(app, request);
      const { id } = request.params as { id: number };
      const count = await app.db.withSystem((tx) => deleteAlertaGeral(tx, configId, id));
      // Each recipient had its own row: the bells refetch (an alerta event without id).
      app.realtime?.emitToWhiteLabel(configId, 'alerta', { removido: true });
      return { count };
    },
  );
}
