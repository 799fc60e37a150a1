/**
 * `npm run restore -- --to "2026-11-24 15:30" --dir <novo DATA_DIR>` (or `--latest`): point-in-time
 * restore of the embedded PostgreSQL into a new data directory; then `DATA_DIR=<dir> npm start`.
 */
import { parseArgs } from 'node:util';
import { BackupError } from '../runtime/server/backup/BackupError.ts';
import { EXTERNAL_DATABASE_MESSAGE, loadBackupConfig } from '../runtime/server/backup/backupConfig.ts';
import { parseRestoreTarget } from '../runtime/server/backup/parseRestoreTarget.ts';
import { restoreBackup } from '../runtime/server/backup/restoreBackup.ts';

const config = loadBackupConfig();
if (config.databaseUrl) {
  console.log(EXTERNAL_DATABASE_MESSAGE);
  process.exit(0);
}
try {
  const { values } = parseArgs({
    options: { to: { type: 'string' }, latest: { type: 'boolean' }, dir: { type: 'string' } },
  });
  if (!values.dir)
    throw new BackupError('Informe o diretório novo: --dir <caminho> (será o DATA_DIR restaurado).');
  if (!values.to === !values.latest)
    throw new BackupError('Informe o ponto: --to "AAAA-MM-DD HH:MM" (hora local) ou --latest.');
  const target = values.latest ? 'latest' : parseRestoreTarget(values.to as string);
  const started = Date.now();
  const result = await restoreBackup(config, { target, dir: values.dir, log: (m) => console.log(m) });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(`restauração concluída em ${seconds} s a partir do backup base ${result.backup.id}`);
  if (result.stopLine) console.log(`PostgreSQL: ${result.stopLine}`);
  if (result.replayedToEnd && target !== 'latest')
    console.log('não há transação arquivada depois do ponto pedido: todo o WAL arquivado foi reaplicado');
  for (const name of result.restoredSecrets) console.log(`${name} restaurado em ${result.dir}`);
  for (const warning of result.warnings) console.log(`atenção: ${warning}`);
  console.log(`para usar: DATA_DIR=${result.dir} npm start`);
} catch (error) {
  console.error(error instanceof BackupError ? error.message : `falha na restauração: ${String(error)}`);
  process.exit(1);
}
