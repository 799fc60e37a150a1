import type { Database } from '../db/database.ts';
import type { JobQueue } from '../plugins/jobs.ts';
import { purgeExpiredRateLimits } from './rateLimit.ts';

/** Queue of the scheduled purge of expired limiter rows. */
export const RATE_LIMIT_PURGE_QUEUE = 'rate-limit-purge';
/** Every 15 minutes (UTC). */
export const RATE_LIMIT_PURGE_CRON = '*/15 * * * *';

/**
 * Schedules the purge of expired `rate_limit` rows (windows and blocks over) and, when `work`, works it
 * in this process. Schedules are rows in pg-boss: any process that starts registers the same one.
 */
export async function scheduleRateLimitPurge(
  jobs: JobQueue,
  db: Database,
  options: { work: boolean; log?: { info(object: object, message: string): void } },
): Promise<void> {
  await jobs.createQueue(RATE_LIMIT_PURGE_QUEUE, { policy: 'singleton', retryLimit: 1 });
  await jobs.schedule(RATE_LIMIT_PURGE_QUEUE, RATE_LIMIT_PURGE_CRON);
  if (!options.work) return;
  await jobs.work(RATE_LIMIT_PURGE_QUEUE, async () => {
    const removed = await db.withSystem((tx) => purgeExpiredRateLimits(tx));
    if (removed > 0)
      options.log?.info({ removidos: removed }, 'registros de limite de tentativas expirados removidos');
  });
}
