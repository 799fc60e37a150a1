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
  /**
   * Runs fn in a transaction as the RLS-bound role, scoped to one empresa. With `readOnly` (a request that
   * only reads) each SELECT travels in one message with the READ ONLY setting and the tenant context, as
   * PostgreSQL's implicit transaction of that message (no BEGIN, no COMMIT); other statements run in a
   * READ ONLY transaction opened in the same round trip as the first of them (readTransaction below). A
   * one-query read costs one round trip and one message.
   */
  withTenant<T>(
    context: TenantContext,
    fn: (tx: Tx) => Promise<T>,
    options?: { readOnly?: boolean },
  ): Promise<T>;
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

type Run = (sql: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;

/** The Tx of a transaction whose statements go through `run`. */
function txOf(run: Run): Tx {
  return {
    query: (sql, params) => run(sql, params) as never,
    async one(sql, params) {
      const rows = await run(sql, params);
      if (rows.length !== 1) throw new Error(`expected one row, got ${rows.length}`);
      return rows[0] as never;
    },
    maybeOne: async (sql, params) => (await run(sql, params))[0] as never,
  };
}

const wrap = (client: pg.PoolClient): Tx =>
  txOf(async (sql, params) => (await client.query(sql, params as unknown[])).rows);

const ignoreClientError = () => {};
const INLINE_TOKEN = /"(?:[^"]|"")*"|\$(\d+)/g;
/** A plain SELECT (not WITH, SET, SHOW…): the statements a read may send alone in an implicit transaction. */
const SELECT_STATEMENT = /^\s*SELECT\s/i;
/** A SELECT whose effect is meant to outlive it in its transaction (a setting, a transaction lock). */
const TRANSACTION_BOUND = /set_config|advisory/i;

/**
 * `sql` with its `$n` placeholders replaced by quoted literals (pg's own escaping), for sending it in one
 * simple-protocol batch behind the transaction's opening; undefined when that would not mean exactly the
 * same query: text holding string constants or dollar quotes, or a value that is not a string, a finite
 * number, a boolean or null (pg serialises those as the same text). A quoted literal is an untyped constant,
 * resolved from its context as a parameter is.
 */
export function inlineParams(sql: string, params: unknown[] = []): string | undefined {
  if (sql.includes("'") || sql.includes('$$') || sql.includes(';')) return undefined;
  const literals: string[] = [];
  for (const value of params) {
    if (value === null) literals.push('NULL');
    else if (typeof value === 'string') {
      if (value.includes('\0')) return undefined;
      literals.push(pg.escapeLiteral(value));
    } else if (typeof value === 'boolean') literals.push(value ? "'true'" : "'false'");
    else if (typeof value === 'number' && Number.isFinite(value)) literals.push(`'${String(value)}'`);
    else return undefined;
  }
  let missing = false;
  const text = sql.replace(INLINE_TOKEN, (token, index: string | undefined) => {
    if (index === undefined) return token;
    const literal = literals[Number(index) - 1];
    if (literal === undefined) missing = true;
    return literal ?? token;
  });
  return missing ? undefined : text;
}

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

  /**
   * A read. Each SELECT that can be inlined goes alone with the tenant context in one simple-protocol
   * message (`SET TRANSACTION READ ONLY; settings; query`): PostgreSQL runs such a message as one implicit
   * transaction, so the role and tenant settings (local to it) and READ ONLY hold for exactly that query,
   * and it commits, or rolls back on an error, without a BEGIN or a COMMIT message. Measured
   * (scripts/bench/readTripMicro.ts): about 1.4× the reads per second of BEGIN…COMMIT. Each such SELECT
   * sees its own snapshot, as each statement of a READ COMMITTED transaction does anyway.
   *
   * Any other statement (a SET LOCAL, a SELECT that cannot be inlined or whose effect must last: a
   * set_config, an advisory lock), and every statement after it, runs in a READ ONLY transaction whose
   * opening travels with its first statement and whose COMMIT is queued on the connection without
   * waiting: the next user of the connection is queued behind it, and a read has nothing to lose if it fails.
   */
  async function readTransaction<T>(begin: string, settings: string, fn: (tx: Tx) => Promise<T>) {
    const client = await pool.connect();
    client.on('error', ignoreClientError);
    let opened = false;
    const run: Run = async (sql, params) => {
      if (!opened && SELECT_STATEMENT.test(sql) && !TRANSACTION_BOUND.test(sql)) {
        const inline = inlineParams(sql, params);
        if (inline !== undefined) {
          const results = (await client.query(
            `SET TRANSACTION READ ONLY; ${settings}; ${inline}`,
          )) as unknown as pg.QueryResult[];
          return (results.at(-1) as pg.QueryResult).rows;
        }
      }
      if (!opened) {
        opened = true;
        const inline = inlineParams(sql, params);
        if (inline !== undefined) {
          const results = (await client.query(`${begin}; ${inline}`)) as unknown as pg.QueryResult[];
          return (results.at(-1) as pg.QueryResult).rows;
        }
        await client.query(begin);
      }
      return (await client.query(sql, params as unknown[])).rows;
    };
    let failed = false;
    try {
      return await fn(txOf(run));
    } catch (error) {
      failed = true;
      if (opened) await client.query('ROLLBACK').catch(() => {});
      throw error;
    } finally {
      if (opened && !failed) client.query('COMMIT').catch(() => {});
      client.removeListener('error', ignoreClientError);
      client.release();
    }
  }

  return {
    pool,
    url,
    withTenant(context, fn, options = {}) {
      if (!Number.isSafeInteger(context.empresaId) || context.empresaId <= 0) {
        throw new Error('withTenant requires a positive empresaId');
      }
      // SET LOCAL (= set_config(…, true)) answers no row: about 1.1× the reads per second of one SELECT
      // set_config(…) (scripts/bench/readTripMicro.ts). The values are validated integers.
      const settings = `SET LOCAL ROLE ${APP_ROLE}; SET LOCAL app.empresa_id = '${context.empresaId}'; SET LOCAL app.usuario_id = '${optionalId(context.usuarioId)}'; SET LOCAL app.filial_id = '${optionalId(context.filialId)}'`;
      if (options.readOnly) return readTransaction(`BEGIN READ ONLY; ${settings}`, settings, fn);
      return transaction(`BEGIN; ${settings}`, fn);
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
