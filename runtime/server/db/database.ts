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
  /** The connection string the pool was opened with (for companions such as the realtime adapter). */
  url: string;
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

const ignoreClientError = () => {};

/** Opens a pool on `url` and returns the tenant-scoped and system transaction helpers. */
export function createDatabase(url: string, options: { max?: number } = {}): Database {
  const pool = new pg.Pool({ connectionString: url, max: options.max ?? 10, application_name: 'erp' });
  pool.on('error', () => {
    // An idle client lost its connection (server restart); the pool replaces it.
  });

  /** One round trip opens the transaction and sets role and tenant (values are validated integers). */
  async function transaction<T>(begin: string, fn: (tx: Tx) => Promise<T>) {
    const client = await pool.connect();
    // A checked-out client has no error listener of the pool's: without this, a connection cut mid-request
    // (PostgreSQL restarted) would be an unhandled 'error' event and end the process. The query fails instead.
    client.on('error', ignoreClientError);
    try {
      await client.query(begin);
      const result = await fn(wrap(client));
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => {});
      throw error;
    } finally {
      client.removeListener('error', ignoreClientError);
      client.release();
    }
  }

  const optionalId = (value: number | null | undefined): string => {
    if (value === null || value === undefined) return '';
    if (!Number.isSafeInteger(value) || value <= 0) throw new Error('tenant ids must be positive integers');
    return String(value);
  };

  return {
    pool,
    url,
    withTenant(context, fn) {
      if (!Number.isSafeInteger(context.empresaId) || context.empresaId <= 0) {
        throw new Error('withTenant requires a positive empresaId');
      }
      const begin = `BEGIN; SELECT set_config('role', '${APP_ROLE}', true), set_config('app.empresa_id', '${context.empresaId}', true),
        set_config('app.usuario_id', '${optionalId(context.usuarioId)}', true), set_config('app.filial_id', '${optionalId(context.filialId)}', true)`;
      return transaction(begin, fn);
    },
    withSystem(fn) {
      return transaction(
        `BEGIN; SELECT set_config('role', '${SYSTEM_ROLE}', true), set_config('app.empresa_id', '', true)`,
        fn,
      );
    },
    close: () => pool.end(),
  };
}
