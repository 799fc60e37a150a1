import PgBoss from 'pg-boss';

/** PostgreSQL schema of the job tables (pg-boss creates and migrates it; the app's roles never see it). */
export const JOB_SCHEMA = 'pgboss';

/** A job handler: one job at a time; throwing fails the job (pg-boss retries it per the queue options). */
export type JobHandler<T> = (data: T, job: { id: string; name: string }) => Promise<void>;

/**
 * The PostgreSQL job queue (pg-boss in its own schema): jobs are rows, so they outlive the process that
 * sent them and are run by whichever process works the queue — the API (JOBS_WORK, default on) or
 * `npm run worker`.
 */
export interface JobQueue {
  /** The database the queue lives in; report workers open their own connections to it. */
  connectionString: string;
  createQueue(name: string, options?: Omit<PgBoss.Queue, 'name'>): Promise<void>;
  send<T extends object>(name: string, data: T, options?: PgBoss.SendOptions): Promise<string>;
  /** Sends a job to `name` on every match of `cron` (UTC); one schedule per queue, replaced when called again. */
  schedule(name: string, cron: string): Promise<void>;
  /** Starts `concurrency` loops working the queue. */
  work<T extends object>(
    name: string,
    handler: JobHandler<T>,
    options?: { concurrency?: number },
  ): Promise<void>;
  /** Stops fetching; waits up to `timeoutMs` for running jobs (those left are picked up again after expiry). */
  stop(timeoutMs?: number): Promise<void>;
}

export interface JobQueueOptions {
  log?: { info(message: string): void; error(object: unknown, message?: string): void };
  /** Seconds between polls of an idle queue (pg-boss minimum 0.5). */
  pollingIntervalSeconds?: number;
  /** Run pg-boss maintenance (expiring, archiving) in this process. */
  supervise?: boolean;
}

/** Starts pg-boss on `connectionString` (creating or migrating its schema) and returns the queue. */
export async function createJobQueue(
  connectionString: string,
  options: JobQueueOptions = {},
): Promise<JobQueue> {
  const boss = new PgBoss({
    connectionString,
    schema: JOB_SCHEMA,
    application_name: 'erp-jobs',
    max: 4,
    // Cron schedules (e.g. the rate-limit purge) are sent by whichever process' timekeeper is due.
    schedule: true,
    supervise: options.supervise ?? true,
  });
  let stopped = false;
  boss.on('error', (error: Error & { code?: string }) => {
    // PostgreSQL ending the queue's connections while the process shuts down (57P01, admin shutdown) is
    // expected, not an error worth a page of log.
    if (stopped && error.code === '57P01') return;
    options.log?.error({ err: { message: error.message, code: error.code } }, 'erro na fila de jobs');
  });
  await boss.start();
  const workers = new Map<string, string[]>();
  return {
    connectionString,
    async createQueue(name, queueOptions = {}) {
      const existing = await boss.getQueue(name);
      if (existing) await boss.updateQueue(name, { name, ...queueOptions });
      else await boss.createQueue(name, { name, ...queueOptions });
    },
    async send(name, data, sendOptions = {}) {
      const id = await boss.send(name, data, sendOptions);
      if (!id) throw new Error(`job não enfileirado em ${name}`);
      // Wake this process' idle workers of the queue instead of waiting for their next poll.
      for (const workerId of workers.get(name) ?? []) boss.notifyWorker(workerId);
      return id;
    },
    async schedule(name, cron) {
      await boss.schedule(name, cron, {}, { tz: 'UTC' });
    },
    async work<T extends object>(
      name: string,
      handler: JobHandler<T>,
      workOptions: { concurrency?: number } = {},
    ) {
      const ids = workers.get(name) ?? [];
      for (let i = 0; i < (workOptions.concurrency ?? 1); i++) {
        const id = await boss.work<T>(
          name,
          { batchSize: 1, pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2 },
          async ([job]) => {
            if (job) await handler(job.data, { id: job.id, name: job.name });
          },
        );
        ids.push(id);
      }
      workers.set(name, ids);
    },
    async stop(timeoutMs = 30_000) {
      if (stopped) return;
      stopped = true;
      await boss.stop({ graceful: true, wait: true, timeout: timeoutMs });
    },
  };
}
