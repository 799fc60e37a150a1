// How the shape of a tenant read's database trip costs, apart from HTTP and the app: 20 concurrent callers on
// a pool of 10 run GET-by-id's query for SECONDS each way and print req/s (load average beside it).
//   bare      — one extended-protocol query as the connecting user (the bench's bare handler);
//   explicit  — BEGIN READ ONLY; set_config…; query in one batch, then a COMMIT message (today's reads);
//   implicit  — set_config…; query in one batch, no BEGIN/COMMIT (PostgreSQL's implicit transaction);
//   implicit SET — the same with SET LOCAL statements instead of one SELECT set_config(…).
// Usage: npx tsx scripts/bench/readTripMicro.ts
import { loadavg } from 'node:os';
import pg from 'pg';
import { createDatabase } from '../../runtime/server/db/database.ts';
import { benchDatabase } from './lib/benchDatabase.ts';
import { seedProdutos } from './lib/seedProdutos.ts';

const seconds = Number(process.env.SECONDS ?? 4);
const database = await benchDatabase(56640);
const db = createDatabase(database.url, { max: 2 });
const user = await db.withSystem((tx) =>
  tx.one<{ empresa_id: number }>(`SELECT empresa_id FROM usuario WHERE email = 'demo@erp.local'`),
);
await seedProdutos(database.url, db, [{ empresaId: user.empresa_id, count: 20_000 }]);
await db.close();
const pool = new pg.Pool({ connectionString: database.url, max: 10 });
pool.on('error', () => {}); // the cluster stopping at the end
const A = user.empresa_id;
const { rows } = await pool.query('SELECT id FROM produto WHERE empresa_id = $1 OFFSET 777 LIMIT 1', [A]);
const id = rows[0].id as number;
const settings = `SELECT set_config('role', 'erp_app', true), set_config('app.empresa_id', '${A}', true), set_config('app.usuario_id', '1', true), set_config('app.filial_id', '1', true)`;
const query = `SELECT * FROM produto WHERE empresa_id = ${A} AND id = ${id} LIMIT 1`;
const ways: Record<string, () => Promise<unknown>> = {
  bare: () => pool.query('SELECT * FROM produto WHERE empresa_id = $1 AND id = $2 LIMIT 1', [A, id]),
  explicit: async () => {
    const client = await pool.connect();
    try {
      const results = (await client.query(
        `BEGIN READ ONLY; ${settings}; ${query}`,
      )) as unknown as pg.QueryResult[];
      client.query('COMMIT').catch(() => {});
      return results.at(-1);
    } finally {
      client.release();
    }
  },
  implicit: async () => {
    const client = await pool.connect();
    try {
      const results = (await client.query(
        `SET TRANSACTION READ ONLY; ${settings}; ${query}`,
      )) as unknown as pg.QueryResult[];
      return results.at(-1);
    } finally {
      client.release();
    }
  },
  'implicit SET': async () => {
    const client = await pool.connect();
    try {
      const results = (await client.query(
        `SET TRANSACTION READ ONLY; SET LOCAL ROLE erp_app; SET LOCAL app.empresa_id = '${A}'; SET LOCAL app.usuario_id = '1'; SET LOCAL app.filial_id = '1'; ${query}`,
      )) as unknown as pg.QueryResult[];
      return results.at(-1);
    } finally {
      client.release();
    }
  },
};
for (let round = 0; round < 3; round++)
  for (const [name, call] of Object.entries(ways)) {
    let done = 0;
    const until = Date.now() + seconds * 1000;
    await Promise.all(
      Array.from({ length: 20 }, async () => {
        while (Date.now() < until) {
          await call();
          done++;
        }
      }),
    );
    console.log(
      `round ${round} ${name.padEnd(9)} ${(done / seconds).toFixed(0)} req/s  load ${loadavg()[0]?.toFixed(2)}`,
    );
  }
await pool.end();
await database.stop();
