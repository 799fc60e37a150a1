import { spawnSync } from 'node:child_process';
import { appendFile, mkdir, mkdtemp, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readArchiverStatus } from '../../runtime/server/backup/archiverStatus.ts';
import { prepareArchiving, RESTORE_SCRIPT } from '../../runtime/server/backup/archiving.ts';
import { readCatalog } from '../../runtime/server/backup/backupCatalog.ts';
import type { BackupConfig } from '../../runtime/server/backup/backupConfig.ts';
import { BACKUP_QUEUE, scheduleBackups } from '../../runtime/server/backup/backupJobs.ts';
import { parseBackupSchedule } from '../../runtime/server/backup/backupSchedule.ts';
import { type BackupManifest, takeBaseBackup } from '../../runtime/server/backup/baseBackup.ts';
import { restoreBackup } from '../../runtime/server/backup/restoreBackup.ts';
import { createDatabase } from '../../runtime/server/db/database.ts';
import { type EmbeddedServer, startEmbeddedPostgres } from '../../runtime/server/db/startEmbeddedPostgres.ts';
import { createJobQueue } from '../../runtime/server/plugins/jobs.ts';
import { freePort } from '../support/freePort.ts';

const KEY = `${'ab'.repeat(32)}\n`;
let root: string;
let config: BackupConfig;
let server: EmbeddedServer;
let client: pg.Client;
let manifest: BackupManifest;
/** A time after rows 1–5 committed and before rows 6–7. */
let target: Date;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Forces a segment switch and waits until the archiver has written it to BACKUP_DIR. */
async function switchAndArchive(): Promise<void> {
  const { rows } = await client.query<{ name: string }>('SELECT pg_walfile_name(pg_switch_wal()) AS name');
  const name = rows[0]?.name as string;
  for (let waited = 0; waited < 15_000; waited += 100) {
    if ((await readdir(join(config.backupDir, 'wal'))).includes(`${name}.gz`)) return;
    await sleep(100);
  }
  throw new Error(`segmento ${name} não arquivado`);
}

async function rowsOf(pgDir: string): Promise<number[]> {
  const restored = await startEmbeddedPostgres({ dir: pgDir, port: await freePort() });
  try {
    const c = new pg.Client({ connectionString: restored.url });
    await c.connect();
    const { rows } = await c.query<{ id: number }>('SELECT id FROM drill ORDER BY id');
    const recovery = await c.query<{ r: boolean }>('SELECT pg_is_in_recovery() AS r');
    expect(recovery.rows[0]?.r).toBe(false);
    await c.end();
    return rows.map((r) => r.id);
  } finally {
    await restored.stop();
  }
}

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'erp-backup-'));
  const dataDir = join(root, 'data');
  await mkdir(dataDir);
  await writeFile(join(dataDir, 'chave-certificados.key'), KEY, { mode: 0o600 });
  const port = await freePort();
  config = {
    dataDir,
    pgDir: join(dataDir, 'pg'),
    backupDir: join(root, 'backup'),
    keep: 7,
    schedule: '03:00',
    passphrase: 'frase secreta do operador',
    databaseUrl: undefined,
    embeddedPgPort: port,
  };
  server = await startEmbeddedPostgres({
    dir: config.pgDir,
    port,
    postgresFlags: await prepareArchiving(config),
  });
  client = new pg.Client({ connectionString: server.url });
  await client.connect();
  await client.query(
    'CREATE TABLE drill (id int PRIMARY KEY, at timestamptz NOT NULL DEFAULT clock_timestamp())',
  );
  await client.query('INSERT INTO drill (id) SELECT generate_series(1, 3)');
  const progress: number[] = [];
  manifest = await takeBaseBackup(config, { progress: (done) => progress.push(done) });
  expect(progress.length).toBeGreaterThan(0);
  await client.query('INSERT INTO drill (id) VALUES (4), (5)');
  await switchAndArchive();
  await sleep(1100);
  target = new Date();
  await sleep(1100);
  await client.query('INSERT INTO drill (id) VALUES (6), (7)');
  await switchAndArchive();
}, 60_000);

afterAll(async () => {
  await client?.end().catch(() => {});
  await server?.stop();
  if (root) await rm(root, { recursive: true, force: true });
});

describe('backup and point-in-time restore (embedded PostgreSQL)', () => {
  it('archives WAL compressed with a checksum beside each segment and lists the window', async () => {
    const files = await readdir(join(config.backupDir, 'wal'));
    const segments = files.filter((f) => /^[0-9A-F]{24}\.gz$/.test(f));
    expect(segments.length).toBeGreaterThanOrEqual(3);
    for (const segment of segments) expect(files).toContain(`${segment}.sha256`);
    const catalog = await readCatalog(config.backupDir);
    expect(catalog.backups.map((b) => b.id)).toEqual([manifest.id]);
    expect(catalog.window?.from.toISOString()).toBe(manifest.stoppedAt);
    expect(catalog.window && catalog.window.to > target).toBe(true);
    expect(Object.keys(manifest.files)).toEqual(
      expect.arrayContaining(['base.tar.gz', 'backup_label', 'chave-certificados.key.enc']),
    );
    const sealed = await readFile(
      join(catalog.backups[0]?.dir as string, 'chave-certificados.key.enc'),
      'utf8',
    );
    expect(sealed).not.toContain('abab');
  });

  it('restores exactly the rows committed up to the target into a new directory, with the key', async () => {
    const dir = join(root, 'restored');
    const started = Date.now();
    const result = await restoreBackup(config, { target, dir });
    console.log(`restauração em ${Date.now() - started} ms: ${result.stopLine}`);
    expect(result.replayedToEnd).toBe(false);
    expect(await rowsOf(join(dir, 'pg'))).toEqual([1, 2, 3, 4, 5]);
    expect(await readFile(join(dir, 'chave-certificados.key'), 'utf8')).toBe(KEY);
  }, 60_000);

  it('refuses a target outside the window, naming the window', async () => {
    const before = new Date(new Date(manifest.stoppedAt).getTime() - 3_600_000);
    await expect(restoreBackup(config, { target: before, dir: join(root, 'cedo') })).rejects.toThrow(
      /fora da janela restaurável\. Janela disponível: de \d{4}-\d\d-\d\d \d\d:\d\d:\d\d a /,
    );
    const future = new Date(Date.now() + 3_600_000);
    await expect(restoreBackup(config, { target: future, dir: join(root, 'futuro') })).rejects.toThrow(
      /no futuro/,
    );
  });

  it('refuses a directory that is not empty and a passphrase that does not open the key', async () => {
    const dir = join(root, 'ocupado');
    await mkdir(dir);
    await writeFile(join(dir, 'algo.txt'), 'x');
    await expect(restoreBackup(config, { target, dir })).rejects.toThrow(/não está vazio/);
    await expect(
      restoreBackup({ ...config, passphrase: 'outra frase' }, { target, dir: join(root, 'frase') }),
    ).rejects.toThrow(/BACKUP_PASSPHRASE não abre chave-certificados\.key/);
    expect(await readdir(join(root, 'frase')).catch(() => [])).toEqual([]);
  });

  it('refuses a corrupt or a missing segment, leaving nothing behind', async () => {
    const catalog = await readCatalog(config.backupDir);
    const needed = catalog.segments.filter((s) => s.name > manifest.startSegment);
    const victim = needed[0]?.file as string;
    const original = await readFile(victim);
    await appendFile(victim, 'x');
    const dir = join(root, 'corrompido');
    await expect(restoreBackup(config, { target, dir })).rejects.toThrow(
      /O segmento WAL [0-9A-F]{24} está corrompido \(checksum não confere\)\. Janela disponível/,
    );
    expect(await readdir(dir).catch(() => [])).toEqual([]);
    // The restore_command itself: 127 (PostgreSQL aborts recovery) on a bad checksum, 1 ("not archived") when absent.
    const name = (needed[0]?.name ?? '') as string;
    const run = (segment: string) =>
      spawnSync('sh', [RESTORE_SCRIPT, config.backupDir, segment, join(root, 'seg.out')]).status;
    expect(run(name)).toBe(127);
    expect(run('0000000100000000000000FF')).toBe(1);
    await rm(victim);
    await expect(restoreBackup(config, { target, dir })).rejects.toThrow(/Falta o segmento WAL/);
    await writeFile(victim, original);
  });

  it('schedules one base backup at the next BACKUP_SCHEDULE time, however many processes register', async () => {
    const db = createDatabase(server.url, { max: 1 });
    const first = await createJobQueue(server.url);
    const second = await createJobQueue(server.url);
    // The catalog read by the scheduler is this drill's (it holds a base backup): next run at 03:00.
    const previousDir = process.env.BACKUP_DIR;
    process.env.BACKUP_DIR = config.backupDir;
    try {
      expect((await readCatalog(config.backupDir)).backups.length).toBeGreaterThan(0);
      const before = new Date();
      await scheduleBackups(first, { dataDir: config.dataDir, db }, () => {});
      await scheduleBackups(second, { dataDir: config.dataDir, db }, () => {});
      const { rows } = await client.query<{ start_after: Date }>(
        `SELECT start_after FROM pgboss.job WHERE name = $1 AND state = 'created'`,
        [BACKUP_QUEUE],
      );
      expect(rows).toHaveLength(1);
      expect(rows[0]?.start_after).toEqual(parseBackupSchedule('03:00')?.next(before));
    } finally {
      if (previousDir === undefined) delete process.env.BACKUP_DIR;
      else process.env.BACKUP_DIR = previousDir;
      await first.stop(1000);
      await second.stop(1000);
      await db.close();
    }
  });

  it('keeps the WAL on the server while the backup directory is gone, and archives it once back', async () => {
    const wal = join(config.backupDir, 'wal');
    await rename(wal, `${wal}.fora`);
    try {
      const before = await readArchiverStatus((sql) => client.query(sql));
      await client.query('INSERT INTO drill (id) VALUES (100)');
      const { rows } = await client.query<{ name: string }>(
        'SELECT pg_walfile_name(pg_switch_wal()) AS name',
      );
      const name = rows[0]?.name as string;
      let status = before;
      for (let waited = 0; waited < 10_000 && status.failedCount === before.failedCount; waited += 100) {
        await sleep(100);
        status = await readArchiverStatus((sql) => client.query(sql));
      }
      expect(status.failedCount).toBeGreaterThan(before.failedCount);
      expect(status.lastFailedWal).toBe(name);
      expect(status.pendingSegments).toBeGreaterThanOrEqual(1);
      expect(await readdir(join(config.pgDir, 'pg_wal'))).toContain(name);
      await rename(`${wal}.fora`, wal);
      await client.query('INSERT INTO drill (id) VALUES (101)');
      await switchAndArchive();
      expect(await readdir(wal)).toContain(`${name}.gz`);
    } finally {
      await rename(`${wal}.fora`, wal).catch(() => {});
    }
  }, 30_000);

  it('keeps BACKUP_KEEP base backups and only the WAL they need', async () => {
    const second = await takeBaseBackup({ ...config, keep: 1 });
    const catalog = await readCatalog(config.backupDir);
    expect(catalog.backups.map((b) => b.id)).toEqual([second.id]);
    expect(catalog.segments.length).toBeGreaterThan(0);
    expect(catalog.segments.every((s) => s.name >= second.startSegment)).toBe(true);
    expect(catalog.window?.from.toISOString()).toBe(second.stoppedAt);
  }, 30_000);
});
