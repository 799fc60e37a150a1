/**
 * `npm run worker`: a process that only works the job queue (report exports), beside one or more API
 * processes on the same database — DATABASE_URL, or the embedded PostgreSQL that `npm start` runs.
 * Set JOBS_WORK=0 on the API processes to leave every job to workers. Files are stored on the relatorio
 * rows; completion ('<evento>-<tipo>') reaches the user's browser through whichever API process holds its
 * websocket (socket.io PostgreSQL adapter; this process serves no sockets of its own, it only emits).
 * SIGINT/SIGTERM stop fetching and give running jobs a grace period; a job cut short runs again later.
 */
import { join } from 'node:path';
import { Server } from 'socket.io';
import { scheduleBackups } from './backup/backupJobs.ts';
import { loadConfig } from './config.ts';
import { createDatabase } from './db/database.ts';
import { embeddedDatabaseUrl, readInstanceLock } from './db/startEmbeddedPostgres.ts';
import { workSefazJobs } from './fiscal/sefazJobs.ts';
import { createMailer } from './mail/createMailer.ts';
import { createJobQueue } from './plugins/jobs.ts';
import { joinRealtimeCluster, realtimeEmitter } from './plugins/realtime.ts';
import { readSchemaFiles } from './schemas/readSchemaFiles.ts';
import { scheduleRateLimitPurge } from './services/rateLimitPurgeJob.ts';
import { scheduleRecorrencias } from './services/recorrencia/recorrenciaJob.ts';
import { workReportJobs } from './services/reports/reportJobs.ts';
import { TenantRegistry } from './services/tenantRegistry.ts';
import { workWebhookDeliveries } from './services/webhooks/workWebhookDeliveries.ts';

const config = loadConfig();
/** JSON lines on stdout, as the API's pino logger writes them. */
const line = (level: string) => (object: object, message?: string) =>
  console.log(
    JSON.stringify({ level, time: Date.now(), processo: 'worker', msg: message, ...serialise(object) }),
  );
const serialise = (object: object) =>
  object instanceof Error
    ? { err: object.message }
    : 'err' in object && object.err instanceof Error
      ? { ...object, err: object.err.message }
      : object;
const log = { info: line('info'), warn: line('warn'), error: line('error') };
// Beside `npm start`: its instance lock says which port its embedded PostgreSQL took (it moves on when busy).
const running = config.databaseUrl ? null : await readInstanceLock(join(config.dataDir, 'pg'));
const databaseUrl =
  config.databaseUrl ?? embeddedDatabaseUrl(running?.pgPort ?? config.embeddedPgPort, 'erp');
const { files } = await readSchemaFiles();
const db = createDatabase(databaseUrl, { max: 4 });
const tenants = new TenantRegistry(db, files);
await tenants.reload();
const jobs = await createJobQueue(databaseUrl, {
  log: {
    info: (message) => log.info({}, message),
    error: (error, message) => log.error(error as object, message),
  },
});
const mailer = createMailer({ smtpUrl: config.smtpUrl, mailDir: config.mailDir });
const io = new Server();
const cluster = joinRealtimeCluster(io, databaseUrl, (error) =>
  log.warn({ err: error }, 'falha no canal de eventos entre processos (PostgreSQL)'),
);
if (!(await cluster.ready))
  log.warn({}, 'sem o canal de eventos: os navegadores verão o fim por consulta periódica');
await workReportJobs({ db, tenants, realtime: realtimeEmitter(io), log, mailer }, jobs, {
  concurrency: Number(process.env.REPORT_CONCURRENCY ?? 2),
});
await scheduleRateLimitPurge(jobs, db, { work: true, log });
await scheduleRecorrencias(jobs, db, { work: true, log });
await workWebhookDeliveries(jobs, { db, allowPrivate: config.outboundAllowPrivate, log });
await workSefazJobs({ db, config, jobs, schemas: tenants.schemaFiles, log });
log.info({}, 'worker atendendo a fila de relatórios');
if (!config.databaseUrl) await scheduleBackups(jobs, { dataDir: config.dataDir, db }, (m) => log.info({}, m));

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, async () => {
    if (closing) return;
    closing = true;
    log.info({}, `${signal} recebido; encerrando o worker`);
    await jobs.stop().catch((error) => log.error(error, 'falha ao parar a fila'));
    await cluster.close().catch((error) => log.error(error, 'falha ao fechar o canal de eventos'));
    await db.close();
    process.exit(0);
  });
}
