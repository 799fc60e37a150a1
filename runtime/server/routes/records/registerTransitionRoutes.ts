import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { entityTypeName, type ResolvedEntity } from '../../../core/resolveEntity.ts';
import { PermissionLevel } from '../../../core/types.ts';
import { TOKEN_OR_API_KEY } from '../../plugins/routeSecurity.ts';
import { type DomainEvent, domainEvents } from '../../postings/domainEvents.ts';
import { runAction } from '../../services/documents/runAction.ts';
import { runTransition } from '../../services/documents/runTransition.ts';
import { idempotencyKey, withIdempotency } from '../../services/documents/withIdempotency.ts';
import type { RecordContext } from '../../services/records/recordContext.ts';
import { errorResponses } from '../errorResponses.ts';
import type { RecordRunner } from './recordHandler.ts';
import { idParams, recordPartValidator, recordSerializer } from './recordRouteSchemas.ts';

const idempotencyHeaders = {
  type: 'object',
  properties: {
    'idempotency-key': {
      type: 'string',
      description:
        'Chave única da operação (ex.: um UUID): repetir a requisição com a mesma chave devolve a primeira resposta sem executar de novo; a mesma chave com outra requisição é recusada (422).',
    },
  },
} as const;

interface Declared {
  action: string;
  summary: string;
  level?: number;
  permission?: string;
  /** Runs it in the request's transaction (the white-label's labels are the base schema's actions). */
  execute: (
    context: RecordContext,
    id: number,
    others: DomainEvent[],
  ) => Promise<{ row: Record<string, unknown>; situacao?: string; nome?: string }>;
}

/**
 * POST /api/<Resource>/{id}/<action> for every transition of a document entity and every action of the
 * entity's `actions` (no state change): the permission key (default the entity's) at its level (default
 * ALTERAR) through the same check as every route, an optional Idempotency-Key, the effects (and the state
 * change) in one transaction, and after the commit the domain event `<entidade>.<acao>` (in process and to
 * the empresa's browsers).
 */
export function registerTransitionRoutes(
  app: FastifyInstance,
  entity: ResolvedEntity,
  run: RecordRunner,
): void {
  const document = entity.document;
  const declared: Declared[] = [];
  for (const transition of document?.transitions ?? []) {
    const from = transition.from.map((state) => document?.states[state]?.label ?? state).join(', ');
    declared.push({
      action: transition.action,
      summary: `${transition.label} (de ${from} para ${document?.states[transition.to]?.label ?? transition.to})${transition.effects?.length ? `; lançamentos: ${transition.effects.join(', ')}` : ''}`,
      ...(transition.level === undefined ? {} : { level: transition.level }),
      ...(transition.permission === undefined ? {} : { permission: transition.permission }),
      execute: async (context, id, others) => {
        const current =
          context.record.entity.document?.transitions.find((t) => t.action === transition.action) ??
          transition;
        const { row } = await runTransition(context, id, current, new Date().toISOString(), others);
        return {
          row,
          situacao: current.to,
          ...(current.event ? { nome: `${entity.base}.${current.event}` } : {}),
        };
      },
    });
  }
  for (const action of entity.actions ?? [])
    declared.push({
      action: action.action,
      summary: `${action.label} (sem mudar a situação); lançamentos: ${action.effects.join(', ')}`,
      ...(action.level === undefined ? {} : { level: action.level }),
      ...(action.permission === undefined ? {} : { permission: action.permission }),
      execute: async (context, id, others) => {
        const current = context.record.entity.actions?.find((a) => a.action === action.action) ?? action;
        const row = await runAction(context, id, current, new Date().toISOString(), others);
        return { row, ...(current.event ? { nome: `${entity.base}.${current.event}` } : {}) };
      },
    });
  const type = entityTypeName(entity.name);
  const op = entity.resource.charAt(0).toLowerCase() + entity.resource.slice(1);
  for (const item of declared) {
    app.post(
      `/api/${entity.resource}/:id/${item.action}`,
      {
        validatorCompiler: recordPartValidator,
        serializerCompiler: recordSerializer,
        schema: {
          security: TOKEN_OR_API_KEY,
          operationId: `${op}${entityTypeName(item.action)}`,
          tags: [entity.resource],
          summary: item.summary,
          params: idParams,
          headers: idempotencyHeaders,
          response: { 200: { $ref: `${type}#` }, ...errorResponses(400, 401, 403, 404, 409, 422) },
        },
      },
      async (request, reply) => {
        const { id } = request.params as { id: number };
        const key = idempotencyKey(request.headers['idempotency-key']);
        const signature = `${entity.resource}/${id}/${item.action} ${createHash('sha256')
          .update(JSON.stringify(request.body ?? null))
          .digest('base64url')}`;
        let events: DomainEvent[] = [];
        let written = false;
        const { result, replayed } = await run(
          request,
          item.level ?? PermissionLevel.ALTERAR,
          (context) =>
            withIdempotency(context.tx, context.scope.empresaId, key, signature, async () => {
              const others: DomainEvent[] = [];
              const { row, situacao, nome } = await item.execute(context, id, others);
              events = [
                {
                  event: `${entity.base}.${item.action}`,
                  id,
                  empresaId: context.scope.empresaId,
                  ...(situacao === undefined ? {} : { situacao }),
                  ...(nome === undefined ? {} : { nome }),
                },
                ...others,
              ];
              // The webhook outbox rows commit or roll back with the transition.
              for (const event of events)
                written = ((await app.webhookOutbox?.write(context.tx, event)) ?? false) || written;
              return row;
            }),
          item.permission,
        );
        if (replayed) reply.header('idempotent-replayed', 'true');
        for (const event of events) {
          domainEvents.emit(event.event, event);
          domainEvents.emit('*', event);
          app.realtime?.emitToEmpresa(event.empresaId, event.event, event);
        }
        if (written) app.webhookOutbox?.kick();
        return result;
      },
    );
  }
}
