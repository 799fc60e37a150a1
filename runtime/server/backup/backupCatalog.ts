import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { BackupManifest } from './baseBackup.ts';
import { type ArchivedSegment, firstGap, listSegments, segmentNumber } from './walArchive.ts';

export interface BackupCatalog {
  /** Complete base backups, oldest first. */
  backups: (BackupManifest & { dir: string })[];
  segments: ArchivedSegment[];
  lastSegment: ArchivedSegment | undefined;
  /** What can be restored: from the end of the oldest usable base backup to the last archived segment. */
  window: { from: Date; to: Date } | undefined;
}

const DEFAULT_SEGMENT_SIZE = 16 * 1024 * 1024;

/** Reads BACKUP_DIR: base backups (manifest.json), archived WAL and the restorable window. */
export async function readCatalog(backupDir: string): Promise<BackupCatalog> {
  const backups: BackupCatalog['backups'] = [];
  let names: string[] = [];
  try {
    names = await readdir(join(backupDir, 'base'));
  } catch {}
  for (const name of names.sort()) {
    if (name.endsWith('.parcial')) continue;
    try {
      const manifest = JSON.parse(
        await readFile(join(backupDir, 'base', name, 'manifest.json'), 'utf8'),
      ) as BackupManifest;
      backups.push({ ...manifest, dir: join(backupDir, 'base', name) });
    } catch {}
  }
  const segmentSize = backups[0]?.walSegmentSize ?? DEFAULT_SEGMENT_SIZE;
  const segments = await listSegments(backupDir, segmentSize);
  const lastSegment = segments.at(-1);
  let window: BackupCatalog['window'];
  if (lastSegment) {
    const usable = backups.find(
      (b) =>
        segmentNumber(b.stopSegment, segmentSize) <= lastSegment.number &&
        firstGap(segments, segmentNumber(b.startSegment, segmentSize), lastSegment.number) === undefined,
    );
    if (usable) window = { from: new Date(usable.stoppedAt), to: lastSegment.archivedAt };
  }
  return { backups, segments, lastSegment, window };
}

/** A date as the operator reads it: local time, "2026-11-24 15:30:05". */
export function formatLocal(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return (
    `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ` +
    `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`
  );
}

/** "de 2026-11-24 03:00:12 a 2026-11-25 10:41:07", or the reason there is none. */
export function describeWindow(catalog: BackupCatalog): string {
  if (!catalog.window)
    return catalog.backups.length === 0
      ? 'nenhum (ainda não há backup base: rode npm run backup)'
      : 'nenhum (falta WAL arquivado depois do backup base)';
  return `de ${formatLocal(catalog.window.from)} a ${formatLocal(catalog.window.to)}`;
}
