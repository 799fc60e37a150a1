import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { entityTypeName, type ResolvedEntity } from '../../../core/resolveEntity.ts';
import { PermissionLevel } from '../../../core/types.ts';
import { TOKEN_OR_API_KEY } from '../../plugins/routeSecurity.ts';
import { type DomainEvent, domainEvents } from '../../postings/domainEvents.ts';
import { runTransition } from '../../services/documents/runTransition.ts';
import { idempotencyKey, withIdempotency } from '../../services/documents/withIdempotency.ts';
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

/**
 * POST /api/<Resource>/{id}/<action> for every transition of a document entity: the transition's
 * permission key (default the entity's) at its level (default ALTERAR) through the same check as every
 * route, an optional Idempotency-Key, the state change and its effects in one transaction, and after the
 * commit the domain event `<entidade>.<acao>` (in process and to the empresa's browsers).
 */
export function registerTransitionRoutes(
  app: FastifyInstance,
  entity: ResolvedEntity,
  run: RecordRunner,
): void {
  const document = entity.document;
  if (!document) return;
  const type = entityTypeName(entity.name);
  const op = entity.resource.charAt(0).toLowerCase() + entity.resource.slice(1);
  for (const declared of document.transitions) {
    const from = declared.from.map((state) => document.states[state]?.label ?? state).join(', ');
    app.post(
      `/api/${entity.resource}/:id/${declared.action}`,
      {
        validatorCompiler: recordPartValidator,
        serializerCompiler: recordSerializer,
        schema: {
          security: TOKEN_OR_API_KEY,
          operationId: `${op}${entityTypeName(declared.action)}`,
          tags: [entity.resource],
          summary: `${declared.label} (de ${from} para ${document.states[declared.to]?.label ?? declared.to})${declared.effects?.length ? `; lançamentos: ${declared.effects.join(', ')}` : ''}`,
          params: idParams,
          headers: idempotencyHeaders,
          response: { 200: { $ref: `${type}#` }, ...errorResponses(400, 401, 403, 404, 409, 422) },
        },
      },
      async (request, reply) => {
        const { id } = request.params as { id: number };
        const key = idempotencyKey(request.headers['idempotency-key']);
        const signature = `${entity.resource}/${id}/${declared.action} ${createHash('sha256')
          .update(JSON.stringify(request.body ?? null))
          .digest('base64url')}`;
        let events: DomainEvent[] = [];
        let written = false;
        const { result, replayed } = await run(
          request,
          declared.level ?? PermissionLevel.ALTERAR,
          (context) =>
            withIdempotency(context.tx, context.scope.empresaId, key, signature, async () => {
              // The request white-label's labels; the transition itself is the base schema's.
              const transition =
                context.record.entity.document?.transitions.find((t) => t.action === declared.action) ??
                declared;
              const others: DomainEvent[] = [];
              const { row } = await runTransition(context, id, transition, new Date().toISOString(), others);
              events = [
                {
                  event: `${entity.base}.${declared.action}`,
                  id,
                  empresaId: context.scope.empresaId,
                  situacao: transition.to,
                  ...(transition.event ? { nome: `${entity.base}.${transition.event}` } : {}),
                },
                ...others,
              ];
              // The webhook outbox rows commit or roll back with the transition.
              for (const event of events)
                written = ((await app.webhookOutbox?.write(context.tx, event)) ?? false) || written;
              return row;
            }),
          declared.permission,
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
