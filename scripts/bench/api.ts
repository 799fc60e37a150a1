// API benchmark: requests/s and latency of getUserInfo and a filtered, ordered Usuarios list (limit 50) at
// 50 concurrent connections, the real API against a bare node:http + pg handler running the same SQL.
// Usage: npx tsx scripts/bench/api.ts   (BENCH_SECONDS=10 BENCH_USERS=5000 to change the load)

import type { ChildProcess } from 'node:child_process';
import { rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { parseFilter } from '../../runtime/core/loopbackFilter.ts';
import { loadConfig } from '../../runtime/server/config.ts';
import { createDatabase } from '../../runtime/server/db/database.ts';
import { readSchemaFiles } from '../../runtime/server/schemas/readSchemaFiles.ts';
import { buildUsuarioListQuery } from '../../runtime/server/services/listUsuarios.ts';
import { TenantRegistry } from '../../runtime/server/services/tenantRegistry.ts';
import { usuarioFieldMap } from '../../runtime/server/services/usuarioFieldMap.ts';
import { benchDatabase } from './lib/benchDatabase.ts';
import { startChild } from './lib/startChild.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const users = Number(process.env.BENCH_USERS ?? 5000);
const connections = 50;
const [pgPort, appPort, barePort] = [56610, 56611, 56612];
const FILTER = { where: { ativo: true, nome: { like: 'Usu%' } }, order: 'nome ASC', limit: 50 };

async function run(name: string, url: string, token: string) {
  const result = await autocannon({ url, connections, duration: seconds, headers: { authorization: token } });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${name}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return {
    name,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    total: result.requests.total,
  };
}

console.log(`preparing: embedded PostgreSQL with the demo data and ${users} extra users…`);
const database = await benchDatabase(pgPort, users);
const db = createDatabase(database.url, { max: 1 });
const tenants = new TenantRegistry(db, (await readSchemaFiles()).files);
await tenants.reload();
const demo = (await tenants.all()).find((tenant) => tenant.settings.slug === 'demo');
const empresa = await db.withSystem((tx) =>
  tx.one<{ empresa_id: number }>(`SELECT empresa_id FROM usuario WHERE email = 'demo@erp.local'`),
);
await db.close();
const list = buildUsuarioListQuery(parseFilter(FILTER), { empresaId: empresa.empresa_id }, usuarioFieldMap);

const common = { DATABASE_URL: database.url, DATA_DIR: loadConfig().dataDir };
// The tenant (with every schema) is too large for an environment variable (E2BIG): it goes in a file.
const tenantFile = join(tmpdir(), `erp-bench-tenant-${process.pid}.json`);
await writeFile(tenantFile, JSON.stringify(demo));
let app: ChildProcess | undefined;
let bare: ChildProcess | undefined;
try {
  app = await startChild('scripts/bench/lib/appServer.ts', { ...common, PORT: String(appPort) });
  bare = await startChild('scripts/bench/lib/bareServer.ts', {
    ...common,
    PORT: String(barePort),
    LIST_SQL: list.sql,
    LIST_PARAMS: JSON.stringify(list.params.slice(1)),
    TENANT_FILE: tenantFile,
  });
  const login = await fetch(`http://127.0.0.1:${appPort}/api/Usuarios/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', host: 'localhost' },
    body: JSON.stringify({ email: 'demo@erp.local', password: 'demo1234' }),
  });
  const token = ((await login.json()) as { id: string }).id;
  const listPath = `/api/Usuarios?filter=${encodeURIComponent(JSON.stringify(FILTER))}`;
  const rows = [];
  for (const [label, path] of [
    ['getUserInfo', '/api/Usuarios/getUserInfo?sistema=novoerp'],
    ['Usuarios list', listPath],
  ] as const) {
    const api = await run(`${label} (API)`, `http://127.0.0.1:${appPort}${path}`, token);
    const baseline = await run(`${label} (bare)`, `http://127.0.0.1:${barePort}${path}`, token);
    rows.push(api, baseline, {
      name: `${label} ratio API/bare`,
      rps: api.rps / baseline.rps,
      p50: NaN,
      p99: NaN,
      total: NaN,
    });
  }
  console.log(
    `\n${connections} connections, ${seconds} s per run, ${users + 7} users in the database, 2 cores shared by load and servers`,
  );
  console.log(
    'endpoint'.padEnd(34),
    'req/s'.padStart(9),
    'p50 ms'.padStart(8),
    'p99 ms'.padStart(8),
    'requests'.padStart(9),
  );
  for (const row of rows) {
    const ratio = row.name.includes('ratio');
    console.log(
      row.name.padEnd(34),
      (ratio ? row.rps.toFixed(2) : row.rps.toFixed(0)).padStart(9),
      (Number.isNaN(row.p50) ? '' : String(row.p50)).padStart(8),
      (Number.isNaN(row.p99) ? '' : String(row.p99)).padStart(8),
      (Number.isNaN(row.total) ? '' : String(row.total)).padStart(9),
    );
  }
} finally {
  app?.kill();
  bare?.kill();
  await rm(tenantFile, { force: true });
  await database.stop();
}
