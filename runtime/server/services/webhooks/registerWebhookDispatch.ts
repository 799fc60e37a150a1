import type { FastifyInstance } from 'fastify';
import { type DomainEvent, domainEvents } from '../../postings/domainEvents.ts';
import { enqueueWebhookDeliveries } from './enqueueWebhookDeliveries.ts';
import { createWebhookQueue } from './webhookQueue.ts';

/**
 * Subscribes the app to its own committed domain events (every `<entidade>.<acao>` of the records routes
 * and document transitions, emitted after the commit in the process that handled the request) and turns
 * each into queued deliveries for the subscribed webhooks. Failing to queue is logged, never fatal to the
 * request, which has already answered. An app without a job queue delivers nothing.
 */
export async function registerWebhookDispatch(app: FastifyInstance): Promise<void> {
  const jobs = app.jobs;
  if (!jobs || !app.db) return;
  await createWebhookQueue(jobs);
  const listener = (event: DomainEvent) => {
    enqueueWebhookDeliveries({ db: app.db, jobs, config: app.config }, event).catch((error) =>
      app.log.error({ err: error, evento: event.event }, 'falha ao enfileirar entregas de webhook'),
    );
  };
  domainEvents.on('*', listener);
  app.addHook('onClose', async () => {
    domainEvents.off('*', listener);
  });
}
