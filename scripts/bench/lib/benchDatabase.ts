import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { prepareDatabase } from '../../../runtime/server/db/prepareDatabase.ts';
import { seedDemo } from '../../../runtime/server/db/seed/seedDemo.ts';
import { startEmbeddedPostgres } from '../../../runtime/server/db/startEmbeddedPostgres.ts';
import { readSchemaFiles } from '../../../runtime/server/schemas/readSchemaFiles.ts';

/** BENCH_STATEMENTS=1: PostgreSQL keeps per-statement figures (pg_stat_statements) for `statementReport`. */
const STATEMENT_STATS = process.env.BENCH_STATEMENTS === '1';

async function onBench<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/**
 * With BENCH_STATEMENTS=1, where PostgreSQL spent a phase's time: call with `reset` before the phase, then
 * without it after; prints the `top` statements by total execution time (calls, total and mean ms, rows per
 * call, shared blocks hit/read per call). Does nothing otherwise.
 */
export async function statementReport(
  url: string,
  title: string,
  options: { reset?: boolean; top?: number } = {},
) {
  if (!STATEMENT_STATS) return;
  if (options.reset)
    return void (await onBench(url, (client) => client.query('SELECT pg_stat_statements_reset()')));
  const { rows } = await onBench(url, (client) =>
    client.query<{
      calls: string;
      total: number;
      mean: number;
      rows: string;
      hit: string;
      read: string;
      query: string;
    }>(
      `SELECT calls, total_exec_time AS total, mean_exec_time AS mean, rows, shared_blks_hit AS hit,
              shared_blks_read AS read, query
         FROM pg_stat_statements WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())
        ORDER BY total_exec_time DESC LIMIT $1`,
      [options.top ?? 12],
    ),
  );
  console.log(
    `  PostgreSQL, ${title}: calls · total ms · mean ms · rows/call · blocks hit/read per call · statement`,
  );
  for (const row of rows) {
    const calls = Number(row.calls);
    console.log(
      `  ${String(calls).padStart(7)} ${row.total.toFixed(0).padStart(8)} ${row.mean.toFixed(3).padStart(8)} ${(Number(row.rows) / calls).toFixed(1).padStart(6)} ${(Number(row.hit) / calls).toFixed(0).padStart(6)}/${(Number(row.read) / calls).toFixed(0)}  ${row.query.replace(/\s+/g, ' ').slice(0, 150)}`,
    );
  }
}

/**
 * A throw-away embedded PostgreSQL prepared as `npm start` does (migrations, entity tables, reference
 * and demo data) plus `extraUsers` users in the demo company, so list queries sort and page through a
 * realistic table. Returns its URL and a stop function (which also deletes the cluster).
 */
export async function benchDatabase(port: number, extraUsers = 0) {
  const dir = await mkdtemp(join(tmpdir(), 'erp-bench-'));
  const server = await startEmbeddedPostgres({
    dir: join(dir, 'pg'),
    port,
    postgresFlags: STATEMENT_STATS
      ? ['-c', 'shared_preload_libraries=pg_stat_statements', '-c', 'pg_stat_statements.track=all']
      : [],
  });
  const admin = new pg.Client({ connectionString: server.url });
  await admin.connect();
  await admin.query('CREATE DATABASE bench');
  await admin.end();
  const url = server.url.replace(/\/postgres$/, '/bench');
  if (STATEMENT_STATS) await onBench(url, (client) => client.query('CREATE EXTENSION pg_stat_statements'));
  const { files } = await readSchemaFiles();
  // The demo companies without their stock documents: benches seed what they measure.
  const { db, tenants } = await prepareDatabase(url, files, { demo: false, max: 2 });
  await seedDemo(db, tenants);
  if (extraUsers > 0)
    await db.withSystem((tx) =>
      tx.query(
        `INSERT INTO usuario (empresa_id, config_white_label_id, email, nome, senha_hash, perfil_id, filial_selecionada_id)
       SELECT u.empresa_id, u.config_white_label_id, 'usuario' || g || '@bench.local', 'Usuário ' || lpad(g::text, 6, '0'),
              u.senha_hash, u.perfil_id, u.filial_selecionada_id
         FROM usuario u, generate_series(1, $1::int) g WHERE u.email = 'vendedor@erp.local'`,
        [extraUsers],
      ),
    );
  await db.close();
  return {
    url,
    async stop() {
      await server.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
