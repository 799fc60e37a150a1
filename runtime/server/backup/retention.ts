import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { readCatalog } from './backupCatalog.ts';
import type { BackupConfig } from './backupConfig.ts';
import { segmentNumber } from './walArchive.ts';

/**
 * Keeps the newest BACKUP_KEEP base backups and the WAL they need; removes older base backups and the
 * segments (and .backup markers) before the oldest one kept. Timeline history files always stay.
 */
export async function applyRetention(
  config: BackupConfig,
): Promise<{ removedBackups: string[]; removedSegments: number }> {
  const catalog = await readCatalog(config.backupDir);
  const removedBackups: string[] = [];
  const excess = catalog.backups.length - config.keep;
  for (const backup of catalog.backups.slice(0, Math.max(0, excess))) {
    await rm(backup.dir, { recursive: true, force: true });
    removedBackups.push(backup.id);
  }
  const oldest = catalog.backups[Math.max(0, excess)];
  let removedSegments = 0;
  if (!oldest) return { removedBackups, removedSegments };
  const keepFrom = segmentNumber(oldest.startSegment, oldest.walSegmentSize);
  const walDir = join(config.backupDir, 'wal');
  for (const file of await readdir(walDir)) {
    const match = /^([0-9A-F]{24})(\.[0-9A-F]{8}\.backup)?\.gz(\.sha256)?$/.exec(file);
    if (!match || segmentNumber(match[1] as string, oldest.walSegmentSize) >= keepFrom) continue;
    await rm(join(walDir, file), { force: true });
    if (!match[3]) removedSegments++;
  }
  return { removedBackups, removedSegments };
}
