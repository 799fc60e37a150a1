import { join, resolve } from 'node:path';
import { loadConfig } from '../config.ts';
import { REPO_ROOT } from '../schemas/readSchemaFiles.ts';

/** Backup settings (README "Backups"), read from the environment beside the server's own. */
export interface BackupConfig {
  dataDir: string;
  /** The embedded cluster's data directory (DATA_DIR/pg). */
  pgDir: string;
  /** Where WAL segments (wal/) and base backups (base/) go; meant to be another disk or mount. */
  backupDir: string;
  /** Base backups kept (with the WAL they need); older ones are removed after each new one. */
  keep: number;
  /** When the scheduled base backup runs: "HH:MM" daily (local time) or "<N>h". */
  schedule: string;
  /** Encrypts what lives outside the database (the A1 certificate key) inside each base backup. */
  passphrase: string | undefined;
  /** External PostgreSQL: its provider's backups apply, these commands do nothing. */
  databaseUrl: string | undefined;
  embeddedPgPort: number;
}

/** Reads the backup configuration with the documented defaults. */
export function loadBackupConfig(env: NodeJS.ProcessEnv = process.env): BackupConfig {
  const server = loadConfig(env);
  const keep = Number(env.BACKUP_KEEP ?? 7);
  return {
    dataDir: server.dataDir,
    pgDir: join(server.dataDir, 'pg'),
    backupDir: env.BACKUP_DIR ? resolve(REPO_ROOT, env.BACKUP_DIR) : join(server.dataDir, 'backup'),
    keep: Number.isInteger(keep) && keep >= 1 ? keep : 7,
    schedule: env.BACKUP_SCHEDULE || '03:00',
    passphrase: env.BACKUP_PASSPHRASE || undefined,
    databaseUrl: server.databaseUrl,
    embeddedPgPort: server.embeddedPgPort,
  };
}

/** What the backup commands say when the database is not the embedded one. */
export const EXTERNAL_DATABASE_MESSAGE =
  'DATABASE_URL definido: o banco é externo e os backups dele são os do provedor (PITR do serviço gerenciado, ' +
  'ou arquivamento contínuo com as mesmas configurações — veja a seção "Backups" do README). ' +
  'Estes comandos cuidam apenas do PostgreSQL embutido.';
