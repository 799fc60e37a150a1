import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { JobQueue } from '../plugins/jobs.ts';
import { loadBackupConfig } from './backupConfig.ts';
import { parseBackupSchedule } from './backupSchedule.ts';
import { takeBaseBackup } from './baseBackup.ts';

export const BACKUP_QUEUE = 'backup-base';
/** Written after a scheduled base backup fails, removed by the next success (read by the health route). */
export const FAILURE_FILE = 'ultima-falha.json';

/**
 * The scheduled base backup of the embedded cluster: one pg-boss job waiting at a time (policy `short`),
 * each run enqueuing the next at the following BACKUP_SCHEDULE time, so API and worker processes sharing
 * the database never back up twice. Nothing with DATABASE_URL (the provider's backups apply).
 */
export async function scheduleBackups(
  jobs: JobQueue,
  dataDir: string,
  log: (message: string) => void,
): Promise<void> {
  const config = loadBackupConfig({ ...process.env, DATA_DIR: dataDir });
  if (config.databaseUrl) return;
  let schedule = parseBackupSchedule(config.schedule);
  if (!schedule) {
    log(`BACKUP_SCHEDULE inválido ("${config.schedule}"): use "HH:MM" ou "<N>h"; valendo 03:00`);
    schedule = parseBackupSchedule('03:00');
  }
  const plan = schedule as NonNullable<typeof schedule>;
  await jobs.createQueue(BACKUP_QUEUE, {
    policy: 'short',
    retryLimit: 2,
    retryDelay: 600,
    expireInSeconds: 3600,
  });
  const enqueueNext = async () => {
    // A job already waiting (another process, or this one before a restart) keeps its place.
    await jobs.send(BACKUP_QUEUE, {}, { startAfter: plan.next(new Date()) }).catch(() => undefined);
  };
  await enqueueNext();
  await jobs.work(BACKUP_QUEUE, async () => {
    await enqueueNext();
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
  log(`backup base agendado: ${plan.description} (BACKUP_SCHEDULE), mantidos ${config.keep} (BACKUP_KEEP)`);
}
