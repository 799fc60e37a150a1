// The floor for the comparison bench: node:http + pg running the product's own SQL for each call (read from
// QUERIES_FILE), one pool query per statement as the connecting user, no framework, auth or RLS transaction.
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import pg from 'pg';

interface BareQuery {
  sql: string;
  params: unknown[];
  /** A child collection: `sql` with $1 = the parent rows' ids, attached as `name` by `foreignKey`. */
  children?: { name: string; sql: string; foreignKey: string };
}

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const queries = JSON.parse(await readFile(process.env.QUERIES_FILE as string, 'utf8')) as Record<
  string,
  BareQuery
>;

createServer(async (request, response) => {
  try {
    const query = queries[(request.url ?? '').replace(/^\/q\//, '')];
    if (!query) {
      response.writeHead(404).end();
      return;
    }
    const { rows } = await pool.query(query.sql, query.params);
    if (query.children) {
      const { name, sql, foreignKey } = query.children;
      const children = (await pool.query(sql, [rows.map((row) => row.id)])).rows;
      for (const row of rows) row[name] = children.filter((child) => child[foreignKey] === row.id);
    }
    const body = rows.length === 1 && request.url?.endsWith('/one') ? rows[0] : rows;
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  } catch (error) {
    response.writeHead(500).end(String(error));
  }
}).listen(Number(process.env.PORT), '127.0.0.1', () => process.send?.('ready'));

// A clean exit on SIGTERM, so that `--cpu-prof` (BENCH_PROFILE_DIR of the bench) writes its profile.
process.once('SIGTERM', () => process.exit(0));
