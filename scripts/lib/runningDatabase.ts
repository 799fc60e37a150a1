import { join } from 'node:path';
import { loadConfig } from '../../runtime/server/config.ts';
import { createDatabase, type Database } from '../../runtime/server/db/database.ts';
import { embeddedDatabaseUrl, readInstanceLock } from '../../runtime/server/db/startEmbeddedPostgres.ts';

/**
 * The database of the command-line tools: DATABASE_URL, or the embedded PostgreSQL of a running
 * `npm start`. Null (with a pt-BR message printed) when there is neither.
 */
export async function openRunningDatabase(max = 2): Promise<Database | null> {
  const config = loadConfig();
  const running = config.databaseUrl ? null : await readInstanceLock(join(config.dataDir, 'pg'));
  if (!config.databaseUrl && !running) {
    console.error('Nenhum banco em execução: inicie com npm start ou defina DATABASE_URL.');
    return null;
  }
  const url = config.databaseUrl ?? embeddedDatabaseUrl(running?.pgPort ?? config.embeddedPgPort, 'erp');
  return createDatabase(url, { max });
}
