/** `npm run backup`: a base backup of the embedded PostgreSQL now, with progress (README "Backups"). */

import { BackupError } from '../runtime/server/backup/BackupError.ts';
import { EXTERNAL_DATABASE_MESSAGE, loadBackupConfig } from '../runtime/server/backup/backupConfig.ts';
import { takeBaseBackup } from '../runtime/server/backup/baseBackup.ts';
import { formatSize } from '../runtime/server/backup/formatSize.ts';

const config = loadBackupConfig();
if (config.databaseUrl) {
  console.log(EXTERNAL_DATABASE_MESSAGE);
  process.exit(0);
}
const started = Date.now();
let lastShown = -1;
try {
  const manifest = await takeBaseBackup(config, {
    progress(done, total) {
      const percent = total > 0 ? Math.floor((done / total) * 100) : 100;
      if (percent === lastShown) return;
      lastShown = percent;
      process.stderr.write(`\rcopiando o diretório de dados: ${percent}% de ${formatSize(total)}`);
    },
  });
  process.stderr.write('\n');
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(
    `backup base ${manifest.id} concluído em ${seconds} s: ${formatSize(manifest.size)} em ` +
      `${config.backupDir}/base/${manifest.id} (WAL ${manifest.startLsn} → ${manifest.stopLsn})`,
  );
  if (!config.passphrase)
    console.log('atenção: sem BACKUP_PASSPHRASE a chave dos certificados A1 não foi incluída neste backup');
} catch (error) {
  process.stderr.write('\n');
  console.error(error instanceof BackupError ? error.message : `falha no backup: ${String(error)}`);
  process.exit(1);
}
