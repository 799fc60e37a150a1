import type { FastifyInstance } from 'fastify';
import { createWebhookOutbox } from './webhookOutbox.ts';
import { createWebhookQueue } from './webhookQueue.ts';

/**
 * Gives the app its transactional webhook outbox (app.webhookOutbox): the records routes and document
 * transitions write each domain event of an empresa with webhooks in the transaction of the change and
 * kick the relay after the commit, which turns the events into queued deliveries for the subscribed
 * webhooks (webhookOutbox.ts). An app without a job queue writes and delivers nothing.
 */
export async function registerWebhookDispatch(app: FastifyInstance): Promise<void> {
  const jobs = app.jobs;
  if (!jobs || !app.db) return;
  await createWebhookQueue(jobs);
  const outbox = createWebhookOutbox({ db: app.db, jobs, config: app.config, log: app.log });
  app.decorate('webhookOutbox', outbox);
  app.addHook('onClose', async () => {
    await outbox.close();
  });
}
