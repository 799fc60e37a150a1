/** `npm run backup:list`: base backups, the restorable window, sizes, the last archived segment and its age. */
import { archiverStatusAt } from '../runtime/server/backup/archiverStatus.ts';
import { describeWindow, formatLocal, readCatalog } from '../runtime/server/backup/backupCatalog.ts';
import { EXTERNAL_DATABASE_MESSAGE, loadBackupConfig } from '../runtime/server/backup/backupConfig.ts';
import { formatSize } from '../runtime/server/backup/formatSize.ts';
import { embeddedDatabaseUrl } from '../runtime/server/db/startEmbeddedPostgres.ts';

const config = loadBackupConfig();
if (config.databaseUrl) {
  console.log(EXTERNAL_DATABASE_MESSAGE);
  process.exit(0);
}
const catalog = await readCatalog(config.backupDir);
console.log(`backups em ${config.backupDir} (mantidos: ${config.keep}; agenda: ${config.schedule})\n`);
if (catalog.backups.length === 0) console.log('nenhum backup base (rode npm run backup)');
else {
  console.log('backup base          concluído em           tamanho   WAL inicial → final');
  for (const b of catalog.backups)
    console.log(
      `${b.id.padEnd(20)} ${formatLocal(new Date(b.stoppedAt)).padEnd(22)} ${formatSize(b.size).padStart(9)}   ${b.startLsn} → ${b.stopLsn}`,
    );
}
const walSize = catalog.segments.reduce((sum, s) => sum + s.size, 0);
console.log(`\nWAL arquivado: ${catalog.segments.length} segmentos, ${formatSize(walSize)}`);
const last = catalog.lastSegment;
if (last) {
  const age = Math.round((Date.now() - last.archivedAt.getTime()) / 1000);
  console.log(`último segmento: ${last.name} em ${formatLocal(last.archivedAt)} (há ${age} s)`);
}
console.log(`janela restaurável: ${describeWindow(catalog)}`);
const status = await archiverStatusAt(embeddedDatabaseUrl(config.embeddedPgPort, 'postgres'));
if (!status) console.log('\nPostgreSQL embutido parado: sem o estado do arquivador');
else {
  console.log(`\narquivador: ${status.archivedCount} arquivados, ${status.pendingSegments} aguardando`);
  if (status.failedCount > 0 && status.lastFailedTime)
    console.log(
      `falhas: ${status.failedCount}, a última em ${formatLocal(new Date(status.lastFailedTime))} (${status.lastFailedWal})`,
    );
}
