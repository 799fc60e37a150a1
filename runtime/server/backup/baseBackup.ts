import { spawn } from 'node:child_process';
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import pg from 'pg';
import { embeddedDatabaseUrl } from '../db/startEmbeddedPostgres.ts';
import { BackupError } from './BackupError.ts';
import type { BackupConfig } from './backupConfig.ts';
import { applyRetention } from './retention.ts';
import { sealSecretFiles } from './secretFiles.ts';
import { segmentOfLsn, sha256File } from './walArchive.ts';

/** manifest.json of a base backup (BACKUP_DIR/base/<id>/). */
export interface BackupManifest {
  versao: 1;
  id: string;
  pgVersion: string;
  timeline: number;
  walSegmentSize: number;
  startLsn: string;
  stopLsn: string;
  /** First and last WAL segment the backup needs to become consistent. */
  startSegment: string;
  stopSegment: string;
  startedAt: string;
  /** The earliest time it can be restored to. */
  stoppedAt: string;
  /** Bytes of the backup's files. */
  size: number;
  files: Record<string, { size: number; sha256: string }>;
}

export type Progress = (done: number, total: number) => void;

/**
 * PostgreSQL's low-level base backup ("Making a Base Backup Using the Low Level API"): pg_backup_start,
 * a tar.gz of the data directory without what the docs exclude, pg_backup_stop (which waits for the WAL
 * the backup needs to be archived), its backup_label and tablespace_map written into the backup.
 */
export async function takeBaseBackup(
  config: BackupConfig,
  options: { progress?: Progress; url?: string } = {},
): Promise<BackupManifest> {
  if (config.databaseUrl && !options.url) throw new BackupError('externo');
  const client = new pg.Client({
    connectionString: options.url ?? embeddedDatabaseUrl(config.embeddedPgPort, 'postgres'),
    application_name: 'erp-backup',
  });
  try {
    await client.connect();
  } catch {
    throw new BackupError(
      'O PostgreSQL embutido não está em execução: inicie o sistema (npm start) e tente de novo.',
    );
  }
  try {
    const settings = await client.query<{ name: string; setting: string }>(
      `SELECT name, setting FROM pg_settings
        WHERE name IN ('archive_mode', 'data_directory', 'wal_segment_size', 'server_version')`,
    );
    const setting = (name: string) => settings.rows.find((r) => r.name === name)?.setting ?? '';
    if (setting('archive_mode') !== 'on')
      throw new BackupError(
        'O arquivamento contínuo (archive_mode) está desligado neste PostgreSQL: reinicie pelo npm start.',
      );
    const dataDirectory = setting('data_directory');
    const id = new Date()
      .toISOString()
      .replace(/[-:]/g, '')
      .replace(/\.\d+Z$/, 'Z');
    const finalDir = join(config.backupDir, 'base', id);
    const workDir = `${finalDir}.parcial`;
    await mkdir(workDir, { recursive: true, mode: 0o700 });
    try {
      const startedAt = new Date();
      const started = await client.query<{ lsn: string }>(`SELECT pg_backup_start($1, true)::text AS lsn`, [
        `erp ${id}`,
      ]);
      const total = await directorySize(dataDirectory);
      await tarDataDirectory(dataDirectory, join(workDir, 'base.tar.gz'), total, options.progress);
      const stopped = await client.query<{ lsn: string; labelfile: string; spcmapfile: string }>(
        'SELECT lsn::text, labelfile, spcmapfile FROM pg_backup_stop(true)',
      );
      const stoppedAt = new Date();
      const stop = stopped.rows[0] as { lsn: string; labelfile: string; spcmapfile: string };
      await writeFile(join(workDir, 'backup_label'), stop.labelfile);
      if (stop.spcmapfile) await writeFile(join(workDir, 'tablespace_map'), stop.spcmapfile);
      if (config.passphrase) await sealSecretFiles(config.dataDir, workDir, config.passphrase);
      const walSegmentSize = Number(setting('wal_segment_size'));
      const timeline = Number(/START TIMELINE: (\d+)/.exec(stop.labelfile)?.[1] ?? 1);
      const startSegment = /\(file ([0-9A-F]{24})\)/.exec(stop.labelfile)?.[1] as string;
      const files: BackupManifest['files'] = {};
      let size = 0;
      for (const name of (await readdir(workDir)).sort()) {
        const info = await stat(join(workDir, name));
        files[name] = { size: info.size, sha256: await sha256File(join(workDir, name)) };
        size += info.size;
      }
      const manifest: BackupManifest = {
        versao: 1,
        id,
        pgVersion: setting('server_version'),
        timeline,
        walSegmentSize,
        startLsn: started.rows[0]?.lsn as string,
        stopLsn: stop.lsn,
        startSegment,
        stopSegment: segmentOfLsn(lsnMinusOne(stop.lsn), timeline, walSegmentSize),
        startedAt: startedAt.toISOString(),
        stoppedAt: stoppedAt.toISOString(),
        size,
        files,
      };
      await writeFile(join(workDir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
      await rename(workDir, finalDir);
      await applyRetention(config);
      return manifest;
    } catch (error) {
      // A session that ends mid-backup aborts it on the server; the partial copy goes.
      await rm(workDir, { recursive: true, force: true });
      throw error;
    }
  } finally {
    await client.end().catch(() => {});
  }
}

function lsnMinusOne(lsn: string): string {
  const [hi, lo] = lsn.split('/').map((p) => Number.parseInt(p, 16)) as [number, number];
  const value = hi * 0x100000000 + lo - 1;
  return `${Math.floor(value / 0x100000000).toString(16)}/${(value % 0x100000000).toString(16)}`;
}

/** What the low-level API docs say to leave out (their contents; the directories themselves stay). */
const EXCLUDED = [
  './pg_wal/*',
  './pg_replslot/*',
  './pg_dynshmem/*',
  './pg_notify/*',
  './pg_serial/*',
  './pg_snapshots/*',
  './pg_stat_tmp/*',
  './pg_subtrans/*',
  './postmaster.pid',
  './postmaster.opts',
  './backup_label',
  './tablespace_map',
  './.s.PGSQL.*',
  'pgsql_tmp*',
  'pg_internal.init',
];

async function directorySize(dir: string): Promise<number> {
  let total = 0;
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    if (path.startsWith(join(dir, 'pg_wal'))) continue;
    total += await stat(path)
      .then((s) => s.size)
      .catch(() => 0);
  }
  return total;
}

/** GNU tar + gzip -1; exit 1 ("file changed as we read it") is expected while the server writes. */
function tarDataDirectory(dir: string, target: string, total: number, progress?: Progress): Promise<void> {
  const RECORD = 10240;
  const args = [
    '-c',
    '-I',
    'gzip -1',
    '-f',
    target,
    '--warning=no-file-changed',
    '--warning=no-file-removed',
    '--warning=no-file-ignored',
    '--ignore-failed-read',
    '--checkpoint=1000',
    '--checkpoint-action=echo=checkpoint %u',
    ...EXCLUDED.map((pattern) => `--exclude=${pattern}`),
    '-C',
    dir,
    '.',
  ];
  return new Promise((resolve, reject) => {
    const child = spawn('tar', args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => {
      const text = chunk.toString();
      for (const match of text.matchAll(/checkpoint (\d+)/gi))
        progress?.(Math.min(total, Number(match[1]) * RECORD), total);
      errors += text.replace(/^.*checkpoint \d+.*$/gim, '').trim();
    });
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0 || code === 1) {
        progress?.(total, total);
        resolve();
      } else reject(new Error(`tar terminou com código ${code}: ${errors.slice(0, 500)}`));
    });
  });
}
