import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { validateSchemaSet } from '../core/validateSchemaSet.ts';
import { buildApp } from './app.ts';
import { archivingFlags } from './backup/archiving.ts';
import { scheduleBackups } from './backup/backupJobs.ts';
import type { ServerConfig } from './config.ts';
import type { Database } from './db/database.ts';
import { prepareDatabase } from './db/prepareDatabase.ts';
import { type EmbeddedServer, startEmbeddedPostgres } from './db/startEmbeddedPostgres.ts';
import { createSefazQueues, workSefazJobs } from './fiscal/sefazJobs.ts';
import { createMailer } from './mail/createMailer.ts';
import { createJobQueue } from './plugins/jobs.ts';
import { readSchemaFiles } from './schemas/readSchemaFiles.ts';
import { scheduleRateLimitPurge } from './services/rateLimitPurgeJob.ts';
import { scheduleRecorrencias } from './services/recorrencia/recorrenciaJob.ts';
import { createReportQueues, workReportJobs } from './services/reports/reportJobs.ts';
import { workWebhookDeliveries } from './services/webhooks/workWebhookDeliveries.ts';
import { buildWebIfStale } from './web/buildWebIfStale.ts';

export interface RunningServer {
  app: FastifyInstance;
  db: Database;
  databaseUrl: string;
  /** The embedded PostgreSQL this process started (none with DATABASE_URL). */
  embedded?: EmbeddedServer;
  stop(): Promise<void>;
}

const EMBEDDED_DATABASE = 'erp';

/** Creates the database on the embedded cluster when missing and returns its URL. */
async function ensureDatabase(serverUrl: string, name: string): Promise<string> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (exists.rowCount === 0) await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * Everything `npm start` does before listening: validate schemas, start (or reach) PostgreSQL,
 * migrate, load reference data, sync the white-labels, seed the demo data, build the app.
 */
export async function startServer(
  config: ServerConfig,
  options: { seedDemoData?: boolean; serveWeb?: boolean; logger?: boolean | object } = {},
): Promise<RunningServer> {
  const log = (message: string) => console.log(`[erp] ${message}`);
  const { files, issues: parseIssues } = await readSchemaFiles();
  const issues = [...parseIssues, ...validateSchemaSet(files)];
  if (issues.length > 0) {
    throw new Error(
      `schemas inválidos:\n${issues.map((i) => `${i.file}#${i.pointer}: ${i.message}`).join('\n')}`,
    );
  }

  let embedded: EmbeddedServer | undefined;
  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    embedded = await startEmbeddedPostgres({
      dir: join(config.dataDir, 'pg'),
      port: config.embeddedPgPort,
      apiPort: config.port,
      log,
      postgresFlags: await archivingFlags(config.dataDir, log),
    });
    databaseUrl = await ensureDatabase(embedded.url, EMBEDDED_DATABASE);
    log(`PostgreSQL embutido na porta ${embedded.port} (dados em ${join(config.dataDir, 'pg')})`);
  }
  const { db, tenants } = await prepareDatabase(databaseUrl, files, {
    demo: options.seedDemoData !== false,
    log,
    dataDir: config.dataDir,
  });

  if (options.serveWeb !== false) await buildWebIfStale(log);
  const mailer = createMailer({ smtpUrl: config.smtpUrl, mailDir: config.mailDir, log });
  const jobs = await createJobQueue(databaseUrl, {
    log: { info: log, error: (error, message) => console.error(`[erp] ${message ?? ''}`, error) },
  });
  await createReportQueues(jobs);
  const app = await buildApp({
    logger: options.logger ?? { level: config.logLevel },
    services: { db, tenants, config, mailer, jobs },
    serveWeb: options.serveWeb !== false,
  });
  await scheduleRateLimitPurge(jobs, db, { work: config.jobsWork, log: app.log });
  await scheduleRecorrencias(jobs, db, { work: config.jobsWork, log: app.log });
  await createSefazQueues(jobs, config.sefazRetrySeconds);
  if (config.jobsWork) {
    await workReportJobs({ db, tenants, realtime: app.realtime, log: app.log, mailer }, jobs, {
      concurrency: 2,
    });
    await workSefazJobs({
      db,
      config,
      jobs,
      schemas: tenants.schemaFiles,
      log: app.log,
      ...(app.webhookOutbox ? { webhookOutbox: app.webhookOutbox } : {}),
      ...(app.realtime ? { realtime: app.realtime } : {}),
    });
    await workWebhookDeliveries(jobs, { db, allowPrivate: config.outboundAllowPrivate, log: app.log });
    log(
      'filas de relatórios e webhooks atendidas por este processo (JOBS_WORK=0 para deixá-las ao npm run worker)',
    );
    if (embedded) await scheduleBackups(jobs, { dataDir: config.dataDir, db }, log);
  }
  let stopped = false;
  return {
    app,
    db,
    databaseUrl,
    embedded,
    async stop() {
      if (stopped) return;
      stopped = true;
      await app.close();
      // Running exports get a grace period; one cut short is run again by the next process (a row in pgboss).
      await jobs.stop();
      await db.close();
      await embedded?.stop();
    },
  };
}
