import type { ServerConfig } from '../../config.ts';
import type { JobQueue } from '../../plugins/jobs.ts';

/** pg-boss queue of webhook deliveries: one job per delivery row (webhook_entrega). */
export const WEBHOOK_QUEUE = 'webhook-entrega';

/** A delivery job: the webhook_entrega row to send. */
export interface WebhookJob {
  entregaId: number;
}

/** Creates the queue (idempotent; every process that sends or works it calls it). */
export async function createWebhookQueue(jobs: JobQueue): Promise<void> {
  await jobs.createQueue(WEBHOOK_QUEUE);
}

/**
 * Queues one delivery, retried on failure with exponential backoff (pg-boss: the n-th retry waits between
 * d·2^(n−1) and d·2^n seconds, d = WEBHOOK_RETRY_DELAY_SECONDS) up to WEBHOOK_RETRY_LIMIT times.
 */
export function sendWebhookJob(
  jobs: JobQueue,
  config: Pick<ServerConfig, 'webhookRetryLimit' | 'webhookRetryDelaySeconds'>,
  entregaId: number,
): Promise<string> {
  return jobs.send<WebhookJob>(
    WEBHOOK_QUEUE,
    { entregaId },
    {
      retryLimit: config.webhookRetryLimit,
      retryDelay: config.webhookRetryDelaySeconds,
      retryBackoff: true,
      expireInSeconds: 60,
    },
  );
}
