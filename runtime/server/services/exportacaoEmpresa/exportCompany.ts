import type { Writable } from 'node:stream';
import type { SchemaFiles } from '../../../core/validateSchemaSet.ts';
import { APP_ROLE, type Database } from '../../db/database.ts';
import type { ExportManifest } from './exportManifest.ts';
import { type ExportProgress, writeCompanyExport } from './writeCompanyExport.ts';

/**
 * Exports one company into `out` through a connection of the pool: one REPEATABLE READ, read-only
 * transaction as the RLS-bound role with app.empresa_id set to the company — Row Level Security, not a
 * WHERE clause alone, keeps every other company's rows out.
 */
export async function exportCompany(
  db: Database,
  schemas: SchemaFiles,
  empresaId: number,
  out: Writable,
  progress?: ExportProgress,
): Promise<ExportManifest> {
  if (!Number.isSafeInteger(empresaId) || empresaId <= 0) throw new Error('empresaId inválido');
  const client = await db.pool.connect();
  const ignore = () => {};
  client.on('error', ignore);
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const migracao = (
      await client.query<{ name: string | null }>('SELECT max(name) AS name FROM schema_migrations')
    ).rows[0]?.name;
    await client.query(
      `SELECT set_config('role', '${APP_ROLE}', true), set_config('app.empresa_id', '${empresaId}', true)`,
    );
    const manifest = await writeCompanyExport({
      client,
      schemas,
      empresaId,
      migracao: migracao ?? '',
      out,
      ...(progress ? { progress } : {}),
    });
    await client.query('COMMIT');
    return manifest;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    client.removeListener('error', ignore);
    client.release();
  }
}
