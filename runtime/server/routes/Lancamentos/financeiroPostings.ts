import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { DomainEvent } from '../../postings/domainEvents.ts';
import { emitDomainEvent } from '../../postings/emitDomainEvent.ts';
import { idempotencyKey, withIdempotency } from '../../services/documents/withIdempotency.ts';
import { runScreenTool, type ScreenToolContext } from '../../services/screenTools/runScreenTool.ts';

/** The Idempotency-Key header as the document actions declare it. */
export const idempotencyHeaders = {
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
 * Runs a finance posting from a dedicated route like a document action: the permission key at `level`,
 * the tenant transaction, an optional Idempotency-Key (a repeat returns the first answer, header
 * idempotent-replayed), the domain events written to the webhook outbox in the transaction and emitted
 * after the commit (in process and to the empresa's browsers).
 */
export async function runFinanceiroPosting<T>(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  access: { key: string; level: number; entityName: string },
  fn: (context: ScreenToolContext & { events: DomainEvent[] }) => Promise<T>,
): Promise<T> {
  const key = idempotencyKey(request.headers['idempotency-key']);
  const signature = `${request.method} ${request.url.split('?')[0]} ${createHash('sha256')
    .update(JSON.stringify(request.body ?? null))
    .digest('base64url')}`;
  let events: DomainEvent[] = [];
  let written = false;
  const { result, replayed } = await runScreenTool(app, request, access, (context) =>
    withIdempotency(context.tx, context.scope.empresaId, key, signature, async () => {
      const collected: DomainEvent[] = [];
      const answer = await fn({ ...context, events: collected });
      for (const event of collected)
        written = ((await app.webhookOutbox?.write(context.tx, event)) ?? false) || written;
      events = collected;
      return answer;
    }),
  );
  if (replayed) reply.header('idempotent-replayed', 'true');
  for (const event of events) {
    emitDomainEvent(event);
    app.realtime?.emitToEmpresa(event.empresaId, event.event, event);
  }
  if (written) app.webhookOutbox?.kick();
  return result;
}
