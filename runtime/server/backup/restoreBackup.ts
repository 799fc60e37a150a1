import { spawn } from 'node:child_process';
import { chmod, chown, copyFile, mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { makeReachable, postgresOwner, RESTORE_SCRIPT, shellQuote } from './archiving.ts';
import { BackupError } from './BackupError.ts';
import { type BackupCatalog, describeWindow, formatLocal, readCatalog } from './backupCatalog.ts';
import type { BackupConfig } from './backupConfig.ts';
import type { BackupManifest } from './baseBackup.ts';
import { runRecovery } from './recoveryRun.ts';
import { openWithPassphrase, SECRET_FILES } from './secretFiles.ts';
import { segmentIntact, segmentNumber, sha256File } from './walArchive.ts';

export interface RestoreResult {
  backup: BackupManifest;
  /** The new DATA_DIR: `DATA_DIR=<dir> npm start` runs on it. */
  dir: string;
  /** Where replay stopped, as the server logged it. */
  stopLine: string | undefined;
  /** The target had no later transaction archived: everything archived (all before the target) was replayed. */
  replayedToEnd: boolean;
  restoredSecrets: string[];
  warnings: string[];
}

/**
 * Point-in-time restore into a new DATA_DIR: checks the target against the window, the base backup's and
 * every needed segment's checksums, extracts the base backup, replays the archived WAL up to the target
 * (recovery_target_time, then promote) and verifies the server left recovery. Refuses (BackupError, pt-BR)
 * instead of ever leaving a partial restore behind.
 */
export async function restoreBackup(
  config: BackupConfig,
  options: { target: Date | 'latest'; dir: string; log?: (message: string) => void },
): Promise<RestoreResult> {
  if (config.databaseUrl) throw new BackupError('externo');
  const log = options.log ?? (() => {});
  const dir = resolve(options.dir);
  const catalog = await readCatalog(config.backupDir);
  const window = `Janela disponível: ${describeWindow(catalog)}.`;
  await assertFreeDirectory(dir, config, window);

  const oldest = catalog.backups[0];
  const last = catalog.lastSegment;
  if (!oldest || !last)
    throw new BackupError(`Não há backup para restaurar em ${config.backupDir}. ${window}`);
  const target = options.target;
  if (target !== 'latest') {
    if (Number.isNaN(target.getTime())) throw new BackupError(`Data de restauração inválida. ${window}`);
    if (target.getTime() > Date.now())
      throw new BackupError(`O ponto pedido (${formatLocal(target)}) está no futuro. ${window}`);
    if (target < new Date(oldest.stoppedAt) || target > last.archivedAt)
      throw new BackupError(
        `O ponto pedido (${formatLocal(target)}) está fora da janela restaurável. ${window}`,
      );
  }
  const backup =
    target === 'latest'
      ? (catalog.backups.at(-1) as BackupCatalog['backups'][number])
      : (catalog.backups
          .filter((b) => new Date(b.stoppedAt) <= target)
          .at(-1) as BackupCatalog['backups'][number]);

  await verifyBackup(backup, catalog, target, window);
  const secrets = await openSecrets(backup.dir, config.passphrase, window);

  const pgDir = join(dir, 'pg');
  log(`restaurando o backup base ${backup.id} em ${pgDir}`);
  try {
    await mkdir(pgDir, { recursive: true, mode: 0o700 });
    await untar(join(backup.dir, 'base.tar.gz'), pgDir);
    await copyFile(join(backup.dir, 'backup_label'), join(pgDir, 'backup_label'));
    if (backup.files.tablespace_map)
      await copyFile(join(backup.dir, 'tablespace_map'), join(pgDir, 'tablespace_map'));
    await mkdir(join(pgDir, 'pg_wal'), { recursive: true });
    await writeFile(join(pgDir, 'recovery.signal'), '');
    await chownTree(pgDir);
    await makeReachable(join(pgDir, 'PG_VERSION'));
    await chmod(pgDir, 0o700);
    const restoreCommand = `sh ${shellQuote(RESTORE_SCRIPT)} ${shellQuote(config.backupDir)} "%f" "%p"`;
    const flags = ['-c', `restore_command=${restoreCommand}`, '-c', 'recovery_target_action=promote'];
    const targetFlags =
      target === 'latest'
        ? []
        : ['-c', `recovery_target_time=${target.toISOString().replace('T', ' ').replace('Z', '+00')}`];
    log('reaplicando o WAL arquivado');
    let outcome = await runRecovery(pgDir, [...flags, ...targetFlags]);
    let replayedToEnd = target === 'latest';
    if (!outcome.promoted && outcome.targetNotReached) {
      // No transaction after the target was archived: the state at the target is everything archived.
      log('nenhuma transação arquivada depois do ponto pedido: reaplicando todo o WAL arquivado');
      outcome = await runRecovery(pgDir, flags);
      replayedToEnd = true;
    }
    if (!outcome.promoted) throw new BackupError(recoveryFailure(outcome.log, window));
    const restoredSecrets: string[] = [];
    for (const [name, content] of secrets) {
      await writeFile(join(dir, name), content, { mode: 0o600 });
      restoredSecrets.push(name);
    }
    const warnings: string[] = [];
    const sealed = (await readdir(backup.dir)).filter((f) => f.endsWith('.enc'));
    if (sealed.length > 0 && !config.passphrase)
      warnings.push(
        `sem BACKUP_PASSPHRASE: ${sealed.map((f) => f.replace(/\.enc$/, '')).join(', ')} não foi restaurado; ` +
          'os certificados A1 não abrirão até que a chave seja copiada para o novo DATA_DIR',
      );
    return { backup, dir, stopLine: outcome.stopLine, replayedToEnd, restoredSecrets, warnings };
  } catch (error) {
    await rm(pgDir, { recursive: true, force: true });
    throw error;
  }
}

async function assertFreeDirectory(dir: string, config: BackupConfig, window: string): Promise<void> {
  if (dir === config.dataDir || dir === config.pgDir)
    throw new BackupError(`O diretório ${dir} é o DATA_DIR em uso: restaure em um diretório novo. ${window}`);
  let entries: string[];
  try {
    entries = await readdir(dir);
  } catch {
    return;
  }
  const inUse = await stat(join(dir, 'pg', 'postmaster.pid')).then(
    () => true,
    () => false,
  );
  if (inUse) throw new BackupError(`O diretório ${dir} está em uso por um PostgreSQL. ${window}`);
  if (entries.length > 0)
    throw new BackupError(
      `O diretório ${dir} não está vazio: restaure em um diretório novo ou vazio. ${window}`,
    );
}

async function verifyBackup(
  backup: BackupManifest & { dir: string },
  catalog: BackupCatalog,
  target: Date | 'latest',
  window: string,
): Promise<void> {
  for (const [name, expected] of Object.entries(backup.files)) {
    const actual = await sha256File(join(backup.dir, name)).catch(() => 'ausente');
    if (actual !== expected.sha256)
      throw new BackupError(
        `O arquivo ${name} do backup base ${backup.id} está corrompido ou ausente (checksum). ${window}`,
      );
  }
  const size = backup.walSegmentSize;
  const from = segmentNumber(backup.startSegment, size);
  // Up to the first segment archived after the target (it holds the target), or every one for --latest.
  const after = target === 'latest' ? undefined : catalog.segments.find((s) => s.archivedAt >= target);
  const to = after?.number ?? (catalog.lastSegment?.number as number);
  for (let n = from; n <= to; n++) {
    const candidates = catalog.segments.filter((s) => s.number === n);
    if (candidates.length === 0)
      throw new BackupError(
        `Falta o segmento WAL nº ${n - from + 1} após o backup base ${backup.id} (depois de ${
          catalog.segments.filter((s) => s.number < n).at(-1)?.name ?? backup.startSegment
        }): a restauração pararia antes do ponto pedido. ${window}`,
      );
    for (const segment of candidates)
      if (!(await segmentIntact(segment.file)))
        throw new BackupError(
          `O segmento WAL ${segment.name} está corrompido (checksum não confere). ${window}`,
        );
  }
}

async function openSecrets(backupDir: string, passphrase: string | undefined, window: string) {
  const opened = new Map<string, Buffer>();
  if (!passphrase) return opened;
  for (const name of SECRET_FILES) {
    let sealed: string;
    try {
      sealed = await readFile(join(backupDir, `${name}.enc`), 'utf8');
    } catch {
      continue;
    }
    try {
      opened.set(name, await openWithPassphrase(sealed, passphrase));
    } catch {
      throw new BackupError(`BACKUP_PASSPHRASE não abre ${name} deste backup: confira a frase. ${window}`);
    }
  }
  return opened;
}

function recoveryFailure(log: string, window: string): string {
  const corrupt = /restore-wal: (checksum inválido|falha ao descompactar) em ([0-9A-F]{24})/.exec(log);
  if (corrupt) return `O segmento WAL ${corrupt[2]} está corrompido (checksum não confere). ${window}`;
  const lines = log
    .split('\n')
    .filter((l) => /FATAL|PANIC|ERROR/.test(l))
    .slice(-3)
    .join(' | ');
  return `A recuperação do PostgreSQL não chegou ao ponto pedido; nada foi deixado no diretório. ${window} Log: ${lines}`;
}

function untar(file: string, dir: string): Promise<void> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn('tar', ['-x', '-z', '-f', file, '-C', dir], { stdio: ['ignore', 'ignore', 'pipe'] });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => {
      errors += chunk.toString();
    });
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0
        ? resolvePromise()
        : reject(new BackupError(`Falha ao extrair o backup base: ${errors.slice(0, 300)}`)),
    );
  });
}

async function chownTree(dir: string): Promise<void> {
  const owner = postgresOwner();
  if (!owner) return;
  await chown(dir, owner.uid, owner.gid);
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true }))
    await chown(join(entry.parentPath, entry.name), owner.uid, owner.gid);
}
