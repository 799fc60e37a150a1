import type { Database } from '../../db/database.ts';
import type { JobQueue } from '../../plugins/jobs.ts';
import { deliverWebhook, WebhookAttemptError } from './deliverWebhook.ts';
import { createWebhookQueue, WEBHOOK_QUEUE, type WebhookJob } from './webhookQueue.ts';

/**
 * Works the webhook queue in this process (the API with JOBS_WORK, or `npm run worker`): each job is one
 * attempt; a failed attempt is logged on its row and rethrown for pg-boss to retry with backoff.
 */
export async function workWebhookDeliveries(
  jobs: JobQueue,
  deps: {
    db: Database;
    allowPrivate: boolean;
    log?: { warn(object: object, message: string): void };
  },
  options: { concurrency?: number } = {},
): Promise<void> {
  await createWebhookQueue(jobs);
  await jobs.work<WebhookJob>(
    WEBHOOK_QUEUE,
    async (data) => {
      try {
        await deliverWebhook(deps, data.entregaId);
      } catch (error) {
        if (error instanceof WebhookAttemptError)
          deps.log?.warn({ entregaId: data.entregaId, motivo: error.message }, 'entrega de webhook falhou');
        throw error;
      }
    },
    { concurrency: options.concurrency ?? 2 },
  );
}
