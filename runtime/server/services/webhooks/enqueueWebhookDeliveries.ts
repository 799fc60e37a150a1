import type { ServerConfig } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import type { JobQueue } from '../../plugins/jobs.ts';
import type { DomainEvent } from '../../postings/domainEvents.ts';
import { sendWebhookJob } from './webhookQueue.ts';

/**
 * The names a domain event is delivered under: a document transition (`pedidoVenda.faturar`, situacao
 * `faturado`) is the event `pedidoVenda.faturado` — the state it reached, as webhooks name what happened —
 * and a subscription to the action's name receives it too; a record event (`cliente.criado`) is itself.
 */
export function webhookEventNames(event: DomainEvent): { evento: string; aliases: string[] } {
  if (!event.situacao) return { evento: event.event, aliases: [event.event] };
  const entidade = event.event.slice(0, event.event.lastIndexOf('.'));
  const evento = `${entidade}.${event.situacao}`;
  return { evento, aliases: evento === event.event ? [evento] : [evento, event.event] };
}

/** The JSON body every webhook receives (a thin event: read the record through the API for its data). */
export function webhookBody(event: DomainEvent, evento: string, ocorridoEm: Date): string {
  return JSON.stringify({
    evento,
    ocorridoEm: ocorridoEm.toISOString(),
    empresaId: event.empresaId,
    dados: {
      id: event.id,
      ...(event.situacao === undefined ? {} : { situacao: event.situacao, acao: event.event }),
    },
  });
}

/**
 * For a committed domain event: one delivery row per active webhook of the event's empresa subscribed to it
 * (its eventos list names it, or "*"), each queued on pg-boss. Returns the delivery ids.
 */
export async function enqueueWebhookDeliveries(
  deps: {
    db: Database;
    jobs: JobQueue;
    config: Pick<ServerConfig, 'webhookRetryLimit' | 'webhookRetryDelaySeconds'>;
  },
  event: DomainEvent,
): Promise<number[]> {
  const { evento, aliases } = webhookEventNames(event);
  const body = webhookBody(event, evento, new Date());
  const rows = await deps.db.withSystem((tx) =>
    tx.query<{ id: number }>(
      `INSERT INTO webhook_entrega (empresa_id, webhook_id, evento, corpo, situacao, tentativas)
       SELECT w.empresa_id, w.id, $2, $3, 'pendente', 0
         FROM webhook w
        WHERE w.empresa_id = $1 AND w.ativo
          AND jsonb_typeof(w.eventos) = 'array' AND (w.eventos ?| $4::text[] OR w.eventos ? '*')
       RETURNING id`,
      [event.empresaId, evento, body, aliases],
    ),
  );
  for (const row of rows) await sendWebhookJob(deps.jobs, deps.config, row.id);
  return rows.map((row) => row.id);
}
