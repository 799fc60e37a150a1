import { join } from 'node:path';
import type { ServerConfig } from '../../config.ts';
import { embeddedDatabaseUrl, readInstanceLock } from '../../db/startEmbeddedPostgres.ts';
import { ImportRefusal } from './ImportRefusal.ts';

/**
 * The database the empresa:export / empresa:import commands work on: DATABASE_URL, or the embedded
 * PostgreSQL of the `npm start` running on DATA_DIR (its instance lock names the port).
 */
export async function cliDatabaseUrl(config: Pick<ServerConfig, 'databaseUrl' | 'dataDir'>): Promise<string> {
  if (config.databaseUrl) return config.databaseUrl;
  const running = await readInstanceLock(join(config.dataDir, 'pg'));
  if (!running)
    throw new ImportRefusal(
      `O produto não está rodando em ${config.dataDir}: inicie-o (npm start) ou defina DATABASE_URL antes deste comando.`,
    );
  return embeddedDatabaseUrl(running.pgPort, 'erp');
}
