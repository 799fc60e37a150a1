import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Database } from '../db/database.ts';
import type { JobQueue } from '../plugins/jobs.ts';
import { readCatalog } from './backupCatalog.ts';
import { type BackupConfig, loadBackupConfig } from './backupConfig.ts';
import { readBackupHealth } from './backupHealth.ts';
import { parseBackupSchedule } from './backupSchedule.ts';
import { takeBaseBackup } from './baseBackup.ts';
import { raiseBackupAlerts } from './raiseBackupAlerts.ts';

export const BACKUP_QUEUE = 'backup-base';
export const HEALTH_QUEUE = 'backup-saude';
/** Written after a scheduled base backup fails, removed by the next success (read by the health check). */
export const FAILURE_FILE = 'ultima-falha.json';
/** The first base backup of a cluster that has none, this long after start-up. */
const FIRST_BACKUP_DELAY_MS = 60_000;
const HEALTH_INTERVAL_MS = 10 * 60_000;

/** Backup configuration for a DATA_DIR (the server's), the rest from the environment. */
export function backupConfigFor(dataDir: string): BackupConfig {
  return loadBackupConfig({ ...process.env, DATA_DIR: dataDir });
}

/**
 * The scheduled base backup of the embedded cluster and the health check that alerts platform staff:
 * each a single waiting pg-boss job (policy `short`) that enqueues its successor when it runs, so API and
 * worker processes sharing the database never run them twice. A cluster without any base backup gets
 * one a minute after start-up (archived WAL is useless without one).
 */
export async function scheduleBackups(
  jobs: JobQueue,
  services: { dataDir: string; db: Database },
  log: (message: string) => void,
): Promise<void> {
  const config = backupConfigFor(services.dataDir);
  if (config.databaseUrl) return;
  let schedule = parseBackupSchedule(config.schedule);
  if (!schedule) {
    log(`BACKUP_SCHEDULE inválido ("${config.schedule}"): use "HH:MM" ou "<N>h"; valendo 03:00`);
    schedule = parseBackupSchedule('03:00');
  }
  const plan = schedule as NonNullable<typeof schedule>;
  const queueOptions = { policy: 'short' as const, retryLimit: 2, retryDelay: 600, expireInSeconds: 3600 };
  await jobs.createQueue(BACKUP_QUEUE, queueOptions);
  await jobs.createQueue(HEALTH_QUEUE, { ...queueOptions, retryLimit: 0 });
  // A job already waiting (another process, or this one before a restart) keeps its place.
  const enqueue = (queue: string, at: Date) =>
    jobs.send(queue, {}, { startAfter: at }).catch(() => undefined);
  const hasBackup = (await readCatalog(config.backupDir)).backups.length > 0;
  await enqueue(
    BACKUP_QUEUE,
    hasBackup ? plan.next(new Date()) : new Date(Date.now() + FIRST_BACKUP_DELAY_MS),
  );
  await enqueue(HEALTH_QUEUE, new Date(Date.now() + FIRST_BACKUP_DELAY_MS * 5));

  await jobs.work(BACKUP_QUEUE, async () => {
    await enqueue(BACKUP_QUEUE, plan.next(new Date()));
    const failureFile = join(config.backupDir, 'base', FAILURE_FILE);
    try {
      const manifest = await takeBaseBackup(config);
      await rm(failureFile, { force: true });
      log(`backup base agendado ${manifest.id} concluído`);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      await writeFile(failureFile, JSON.stringify({ em: new Date().toISOString(), mensagem: message })).catch(
        () => undefined,
      );
      log(`falha no backup base agendado: ${message}`);
      throw error;
    }
  });
  await jobs.work(HEALTH_QUEUE, async () => {
    await enqueue(HEALTH_QUEUE, new Date(Date.now() + HEALTH_INTERVAL_MS));
    await checkBackupHealth(services.db, config, log);
  });
  log(`backup base agendado: ${plan.description} (BACKUP_SCHEDULE), mantidos ${config.keep} (BACKUP_KEEP)`);
}

/** Reads the backup health and alerts platform staff of each problem (once while unread). */
export async function checkBackupHealth(
  db: Database,
  config: BackupConfig,
  log: (message: string) => void = () => {},
): Promise<string[]> {
  const health = await readBackupHealth(config, (sql) => db.pool.query(sql));
  for (const problema of health.problemas) log(`backup: ${problema}`);
  await raiseBackupAlerts(db, health.problemas);
  return health.problemas;
}
