import type { FastifyInstance } from 'fastify';
import { parseFilter, parseWhere } from '../../../core/loopbackFilter.ts';
import { entityTypeName, type ResolvedEntity } from '../../../core/resolveEntity.ts';
import { PermissionLevel } from '../../../core/types.ts';
import type { AuthInfo } from '../../context.ts';
import { TOKEN_OR_API_KEY } from '../../plugins/routeSecurity.ts';
import { emitDomainEvent } from '../../postings/emitDomainEvent.ts';
import { DEFAULT_LIMIT } from '../../services/records/buildRecordQuery.ts';
import { countRecords } from '../../services/records/countRecords.ts';
import { createRecord } from '../../services/records/createRecord.ts';
import { deleteRecord } from '../../services/records/deleteRecord.ts';
import { existsRecord } from '../../services/records/existsRecord.ts';
import { findOneRecord } from '../../services/records/findOneRecord.ts';
import { getRecord } from '../../services/records/getRecord.ts';
import { listRecordPage } from '../../services/records/listRecords.ts';
import type { RecordContext } from '../../services/records/recordContext.ts';
import { updateRecord } from '../../services/records/updateRecord.ts';
import { notifyEntityChanged } from '../../services/webhooks/webhookOutbox.ts';
import { errorResponses } from '../errorResponses.ts';
import type { RecordRunner } from './recordHandler.ts';
import {
  countQuery,
  countResponse,
  existsResponse,
  filterQuery,
  idParams,
  nextPageHeaders,
  recordPartValidator,
  recordSerializer,
} from './recordRouteSchemas.ts';
import { registerDocumentReadRoutes } from './registerDocumentReadRoutes.ts';
import { registerTransitionRoutes } from './registerTransitionRoutes.ts';

type IdRequest = { params: { id: number }; query: { filter?: string } };

/**
 * The LoopBack routes of one entity (find, findOne, count, findById, exists, create, replaceById,
 * patchById, deleteById) under /api/<Resource>, typed by the entity's components (<Name>, <Name>Input,
 * <Name>Patch); only the reads for a read-only entity; plus one POST per document transition. `filter` and
 * `where` come as JSON text or in LoopBack's bracket form (plugins/requestInput).
 */
export function registerRecordRoutes(app: FastifyInstance, entity: ResolvedEntity, run: RecordRunner): void {
  const type = entityTypeName(entity.name);
  const url = `/api/${entity.resource}`;
  const op = entity.resource.charAt(0).toLowerCase() + entity.resource.slice(1);
  const one = { $ref: `${type}#` };
  const tags = [entity.resource];
  const plural = entity.labelPlural.toLowerCase();
  const common = { validatorCompiler: recordPartValidator, serializerCompiler: recordSerializer };
  const security = TOKEN_OR_API_KEY;
  // After the commit: `<entidade>.criado|alterado|excluido` on the domain bus (webhooks), company records only.
  const recordEvent = (auth: AuthInfo | null, id: unknown, acao: string) => {
    if (entity.scope === 'global' || !auth || typeof id !== 'number') return;
    emitDomainEvent({ event: `${entity.name}.${acao}`, id, empresaId: auth.empresaId });
  };
  // In the write's transaction: the NOTIFY of a notifyOnChange entity, and the event in the webhook outbox
  // (so a rolled-back write sends nothing). True when an event was written: the relay is kicked after the commit.
  const recordEventInTx = async (context: RecordContext, id: unknown, acao: string): Promise<boolean> => {
    if (entity.notifyOnChange) await notifyEntityChanged(context.tx, entity.name, context.scope.empresaId);
    if (entity.scope === 'global' || typeof id !== 'number' || !app.webhookOutbox) return false;
    return app.webhookOutbox.write(context.tx, {
      event: `${entity.name}.${acao}`,
      id,
      empresaId: context.scope.empresaId,
    });
  };
  const kickOutbox = (written: boolean, auth: AuthInfo | null) => {
    if (entity.notifyOnChange && auth) app.webhookOutbox?.changed(entity.name, auth.empresaId);
    if (written) app.webhookOutbox?.kick();
  };

  app.get(
    url,
    {
      ...common,
      schema: {
        security,
        operationId: `${op}Find`,
        tags,
        summary: `Lista ${plural} (filtro LoopBack: where, order, limit, skip, fields, include)`,
        description: `Sem limit, devolve no máximo ${DEFAULT_LIMIT} registros; havendo mais, a resposta traz os cabeçalhos X-Limite-Aplicado e Link (rel="next") com o filtro da página seguinte.`,
        querystring: filterQuery,
        response: {
          200: { type: 'array', items: one, headers: nextPageHeaders },
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request, reply) => {
      const filter = parseFilter((request.query as { filter?: string }).filter);
      const page = await run(request, PermissionLevel.VISUALIZAR, (context) =>
        listRecordPage(context, filter),
      );
      if (page.truncated) {
        const skip = (filter.skip ?? filter.offset ?? 0) + DEFAULT_LIMIT;
        const next = { ...filter, offset: undefined, limit: DEFAULT_LIMIT, skip };
        reply.header('x-limite-aplicado', String(DEFAULT_LIMIT));
        // A keyset page's next page is `after` the last row (the client has it); skip would restart.
        if (filter.after === undefined)
          reply.header('link', `<${url}?filter=${encodeURIComponent(JSON.stringify(next))}>; rel="next"`);
      }
      return page.rows;
    },
  );

  app.get(
    `${url}/findOne`,
    {
      ...common,
      schema: {
        security,
        operationId: `${op}FindOne`,
        tags,
        summary: `O primeiro registro de ${plural} que atende ao filtro (404 MODEL_NOT_FOUND quando nenhum)`,
        querystring: filterQuery,
        response: { 200: one, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const filter = parseFilter((request.query as { filter?: string }).filter);
      return run(request, PermissionLevel.VISUALIZAR, (context) => findOneRecord(context, filter));
    },
  );

  app.get(
    `${url}/count`,
    {
      ...common,
      schema: {
        security,
        operationId: `${op}Count`,
        tags,
        summary: `Conta ${plural} que atendem ao where`,
        description:
          'Exata até o limite de contagem exata; acima dele, a estimativa do PostgreSQL com aproximado: true e o cabeçalho X-Contagem-Aproximada: true (exata=true conta exatamente).',
        querystring: countQuery,
        response: { 200: countResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const query = request.query as { where?: string; exata?: string };
      const where = parseWhere(query.where);
      const answer = await run(request, PermissionLevel.VISUALIZAR, (context) =>
        countRecords(context, where, { exact: query.exata === 'true' }),
      );
      if (answer.aproximado) reply.header('x-contagem-aproximada', 'true');
      return answer;
    },
  );

  app.get(
    `${url}/:id`,
    {
      ...common,
      schema: {
        security,
        operationId: `${op}FindById`,
        tags,
        summary: `Um registro de ${plural} (filtro LoopBack: fields, include)`,
        params: idParams,
        querystring: filterQuery,
        response: { 200: one, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { params, query } = request as unknown as IdRequest;
      const filter = parseFilter(query.filter);
      return run(request, PermissionLevel.VISUALIZAR, (context) => getRecord(context, params.id, filter));
    },
  );

  app.get(
    `${url}/:id/exists`,
    {
      ...common,
      schema: {
        security,
        operationId: `${op}Exists`,
        tags,
        summary: `Se existe o registro de ${plural} com este id`,
        params: idParams,
        response: { 200: existsResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const { id } = (request as unknown as IdRequest).params;
      return run(request, PermissionLevel.VISUALIZAR, (context) => existsRecord(context, id));
    },
  );

  registerTransitionRoutes(app, entity, run);
  registerDocumentReadRoutes(app, entity, run);
  // A read-only entity (a ledger, a balance) is written by the server only.
  if (entity.readOnly) return;

  app.post(
    url,
    {
      ...common,
      schema: {
        security,
        operationId: `${op}Create`,
        tags,
        summary: `Cria um registro de ${plural}`,
        body: { $ref: `${type}Input#` },
        response: { 200: one, ...errorResponses(400, 401, 403, 409, 422) },
      },
    },
    async (request) => {
      let written = false;
      const row = await run(request, PermissionLevel.CRIAR, async (context) => {
        const created = await createRecord(context, request.body);
        written = await recordEventInTx(context, created.id, 'criado');
        return created;
      });
      recordEvent(request.auth, row.id, 'criado');
      kickOutbox(written, request.auth);
      return row;
    },
  );

  for (const method of ['PUT', 'PATCH'] as const) {
    const replace = method === 'PUT';
    app.route({
      ...common,
      method,
      url: `${url}/:id`,
      schema: {
        security,
        operationId: `${op}${replace ? 'ReplaceById' : 'PatchById'}`,
        tags,
        summary: replace
          ? `Substitui um registro de ${plural} (campos ausentes voltam ao padrão ou ficam vazios, obrigatórios ausentes: 422; com versao: controle de concorrência)`
          : `Altera os campos enviados de um registro de ${plural} (com versao: controle de concorrência)`,
        params: idParams,
        body: { $ref: `${type}${replace ? 'Input' : 'Patch'}#` },
        response: { 200: one, ...errorResponses(400, 401, 403, 404, 409, 422) },
      },
      handler: async (request) => {
        const { id } = (request as unknown as IdRequest).params;
        let written = false;
        const row = await run(request, PermissionLevel.ALTERAR, async (context) => {
          const updated = await updateRecord(context, id, request.body, replace ? 'replace' : 'patch');
          written = await recordEventInTx(context, id, 'alterado');
          return updated;
        });
        recordEvent(request.auth, id, 'alterado');
        kickOutbox(written, request.auth);
        return row;
      },
    });
  }

  app.delete(
    `${url}/:id`,
    {
      ...common,
      schema: {
        security,
        operationId: `${op}DeleteById`,
        tags,
        summary: `Exclui um registro de ${plural}`,
        params: idParams,
        response: { 200: countResponse, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { id } = (request as unknown as IdRequest).params;
      let written = false;
      const result = await run(request, PermissionLevel.TOTAL, async (context) => {
        const deleted = await deleteRecord(context, id);
        written = await recordEventInTx(context, id, 'excluido');
        return deleted;
      });
      recordEvent(request.auth, id, 'excluido');
      kickOutbox(written, request.auth);
      return result;
    },
  );
}
