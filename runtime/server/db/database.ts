import pg from 'pg';

// bigint (int8) and numeric arrive as strings by default; ids and counts here fit in a double.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number(value));
// DATE stays 'YYYY-MM-DD' (no time-zone shift).
pg.types.setTypeParser(pg.types.builtins.DATE, (value) => value);

/** A transaction handle: parameterised queries only. */
export interface Tx {
  query<R extends object = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<R[]>;
  one<R extends object = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<R>;
  maybeOne<R extends object = Record<string, unknown>>(
    sql: string,
    params?: unknown[],
  ): Promise<R | undefined>;
}

/** Who a transaction acts for: Row Level Security reads these settings. */
export interface TenantContext {
  empresaId: number;
  usuarioId?: number | null;
  filialId?: number | null;
}

export interface Database {
  pool: pg.Pool;
  /** Runs fn in a transaction as the RLS-bound role, scoped to one empresa. */
  withTenant<T>(context: TenantContext, fn: (tx: Tx) => Promise<T>): Promise<T>;
  /**
   * Runs fn in a transaction as the system role, which bypasses RLS: only for work that has no
   * tenant yet or spans tenants by design (login, sign-up, tokens, white-label administration).
   */
  withSystem<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** Roles the app switches to inside each transaction; created by the migrations. */
export const APP_ROLE = 'erp_app';
export const SYSTEM_ROLE = 'erp_system';

function wrap(client: pg.PoolClient): Tx {
  return {
    async query(sql, params) {
      return (await client.query(sql, params as unknown[])).rows;
    },
    async one(sql, params) {
      const rows = (await client.query(sql, params as unknown[])).rows;
      if (rows.length !== 1) throw new Error(`expected one row, got ${rows.length}`);
      return rows[0];
    },
    async maybeOne(sql, params) {
      return (await client.query(sql, params as unknown[])).rows[0];
    },
  };
}

/** Opens a pool on `url` and returns the tenant-scoped and system transaction helpers. */
export function createDatabase(url: string, options: { max?: number } = {}): Database {
  const pool = new pg.Pool({ connectionString: url, max: options.max ?? 10, application_name: 'erp' });
  pool.on('error', () => {
    // An idle client lost its connection (server restart); the pool replaces it.
  });

  async function transaction<T>(setup: (client: pg.PoolClient) => Promise<void>, fn: (tx: Tx) => Promise<T>) {
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      await setup(client);
      const result = await fn(wrap(client));
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => {});
      throw error;
    } finally {
      client.release();
    }
  }

  return {
    pool,
    withTenant(context, fn) {
      if (!Number.isInteger(context.empresaId) || context.empresaId <= 0) {
        throw new Error('withTenant requires a positive empresaId');
      }
      return transaction(async (client) => {
        await client.query(
          `SELECT set_config('role', $1, true), set_config('app.empresa_id', $2, true),
                  set_config('app.usuario_id', $3, true), set_config('app.filial_id', $4, true)`,
          [
            APP_ROLE,
            String(context.empresaId),
            String(context.usuarioId ?? ''),
            String(context.filialId ?? ''),
          ],
        );
      }, fn);
    },
    withSystem(fn) {
      return transaction(async (client) => {
        await client.query(`SELECT set_config('role', $1, true), set_config('app.empresa_id', '', true)`, [
          SYSTEM_ROLE,
        ]);
      }, fn);
    },
    close: () => pool.end(),
  };
}
