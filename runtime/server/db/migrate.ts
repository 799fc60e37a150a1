import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import pg from 'pg';
import { APP_ROLE, SYSTEM_ROLE } from './database.ts';

const MIGRATIONS_DIR = join(import.meta.dirname, 'migrations');
const LOCK_ID = 715_2026;

/**
 * Applies pending SQL migrations in name order, each in its own transaction, under an advisory
 * lock so several API processes starting together migrate once. Then (re)creates the two roles
 * the app switches to and grants them the tables: erp_app is bound by RLS, erp_system bypasses it.
 */
export async function migrate(url: string, log: (message: string) => void = () => {}): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const applied: string[] = [];
  try {
    await client.query('SELECT pg_advisory_lock($1)', [LOCK_ID]);
    await ensureRoles(client);
    await client.query(
      'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, aplicado_em timestamptz NOT NULL DEFAULT now())',
    );
    const done = new Set(
      (await client.query('SELECT name FROM schema_migrations')).rows.map((row) => row.name),
    );
    const files = (await readdir(MIGRATIONS_DIR)).filter((file) => file.endsWith('.sql')).sort();
    for (const file of files) {
      if (done.has(file)) continue;
      const sql = await readFile(join(MIGRATIONS_DIR, file), 'utf8');
      await client.query('BEGIN');
      try {
        await client.query(sql);
        await client.query('INSERT INTO schema_migrations (name) VALUES ($1)', [file]);
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK');
        throw new Error(`migração ${file} falhou: ${(error as Error).message}`);
      }
      applied.push(file);
      log(`migração aplicada: ${file}`);
    }
    await grantRoles(client);
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [LOCK_ID]).catch(() => {});
    await client.end();
  }
  return applied;
}

async function ensureRoles(client: pg.Client): Promise<void> {
  // Roles are cluster-wide: several databases (tests) share them, so creation tolerates a race.
  for (const [role, options] of [
    [APP_ROLE, 'NOLOGIN NOBYPASSRLS'],
    [SYSTEM_ROLE, 'NOLOGIN BYPASSRLS'],
  ] as const) {
    try {
      await client.query(
        `DO $$ BEGIN IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = '${role}') THEN CREATE ROLE ${role} ${options}; END IF; END $$`,
      );
    } catch (error) {
      if ((error as { code?: string }).code !== '23505' && (error as { code?: string }).code !== '42710')
        throw error;
    }
    await client.query(`GRANT ${role} TO CURRENT_USER`).catch(() => {});
  }
}

/** Grants both roles the current tables and sequences (run again after schema sync adds tables). */
export async function grantRoles(client: { query(sql: string): Promise<unknown> }): Promise<void> {
  for (const role of [APP_ROLE, SYSTEM_ROLE]) {
    await client.query(`GRANT USAGE ON SCHEMA public TO ${role}`);
    await client.query(`GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO ${role}`);
    await client.query(`GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA public TO ${role}`);
  }
  await client.query(`REVOKE ALL ON schema_migrations FROM ${APP_ROLE}`);
  // Ledgers are append-only (020_documentos_estoque.sql also refuses it by trigger, for any role).
  await client.query(
    `REVOKE UPDATE, DELETE, TRUNCATE ON movimentacao_estoque, documento_historico FROM ${APP_ROLE}, ${SYSTEM_ROLE}`,
  );
  // Realtime envelopes are the adapter's business (login role, own pool): no tenant code reads them.
  await client.query(`REVOKE ALL ON socket_io_attachments FROM ${APP_ROLE}, ${SYSTEM_ROLE}`);
}
