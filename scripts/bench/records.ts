// Records API benchmark: the Produtos list screen on a large catalogue. Seeds BENCH_PRODUTOS produtos
// (default 1,000,000) in the demo company and a tenth of that in a second company (verde), then measures,
// with 20 concurrent clients for BENCH_SECONDS each, the first grid block (limit 100) and the count the
// list screen sends for: no filter, the Descrição "starts with" column filter (a long and a short prefix) and
// the quick search, each built by the ListView's own buildListQuery. Requests
// go through the real app (login, permission check, RLS transaction as erp_app); EXPLAIN (ANALYZE, BUFFERS)
// of the same SQL runs as erp_app with the tenant set, to show which indexes serve it.
// Usage: npx tsx scripts/bench/records.ts   (BENCH_PRODUTOS=100000 BENCH_SECONDS=5 for a quick try)
import { cpus, loadavg } from 'node:os';
import type { LoopBackFilter, Where } from '../../runtime/core/loopbackFilter.ts';
import { resolveEntity } from '../../runtime/core/resolveEntity.ts';
import { loadConfig } from '../../runtime/server/config.ts';
import { createDatabase, type Database, type TenantContext } from '../../runtime/server/db/database.ts';
import { readSchemaFiles } from '../../runtime/server/schemas/readSchemaFiles.ts';
import { buildRecordQuery } from '../../runtime/server/services/records/buildRecordQuery.ts';
import { recordEntity } from '../../runtime/server/services/records/recordEntity.ts';
import {
  buildListQuery,
  keysetAfter,
  type ListCriteria,
} from '../../runtime/web/views/list/buildListQuery.ts';
import type { GridDefinition } from '../../runtime/web/views/list/listTypes.ts';
import { benchDatabase } from './lib/benchDatabase.ts';
import { type LoadResult, measureLoad } from './lib/measureLoad.ts';
import { cpuMeter, parentOf } from './lib/processCpu.ts';
import { seedProdutos } from './lib/seedProdutos.ts';
import { startChild } from './lib/startChild.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const produtos = Number(process.env.BENCH_PRODUTOS ?? 1_000_000);
const others = Math.round(produtos / 10);
const connections = 20;
const [pgPort, appPort] = [56620, 56621];
/** What a user types in the Descrição column filter ("Começa com") and in the quick search box. */
const PREFIX = 'paraf';
const SEARCH = 'parafuso';
/** A short prefix: twice the matches, and its trigrams also match words inside descriptions. */
const SHORT_PREFIX = 'cam';
/** A "contém" column filter: a word inside descriptions. */
const CONTAINS = 'fuso';

const NO_CRITERIA: ListCriteria = { search: '', sortModel: [], filterModel: null };
const startsWith = (text: string): ListCriteria => ({
  ...NO_CRITERIA,
  filterModel: { descricao: { filterType: 'text', type: 'startsWith', filter: text } },
});
const SCENARIOS: Array<{ label: string; criteria: ListCriteria }> = [
  { label: 'no filter', criteria: NO_CRITERIA },
  { label: `Descrição starts with "${PREFIX}"`, criteria: startsWith(PREFIX) },
  { label: `quick search "${SEARCH}"`, criteria: { ...NO_CRITERIA, search: SEARCH } },
  { label: `Descrição starts with "${SHORT_PREFIX}"`, criteria: startsWith(SHORT_PREFIX) },
  {
    label: `Descrição contains "${CONTAINS}"`,
    criteria: {
      ...NO_CRITERIA,
      filterModel: { descricao: { filterType: 'text', type: 'contains', filter: CONTAINS } },
    },
  },
  {
    label: 'sorted by Preço desc',
    criteria: { ...NO_CRITERIA, sortModel: [{ colId: 'precoVenda', sort: 'desc' }] },
  },
];
/** The block the deep-scroll rows read: after DEEP_ROW rows, by skip (offset) and by keyset (after). */
const DEEP_ROW = Math.min(50_000, Math.floor(produtos / 4));

const ms = (value: number) => `${(value / 1000).toFixed(1)} s`;

/** Plan node lines (costs dropped) plus the conditions and timings that show how the rows were found. */
async function explain(db: Database, tenant: TenantContext, sql: string, params: unknown[]) {
  const run = () =>
    db.withTenant(tenant, (tx) =>
      tx.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`, params),
    );
  await run(); // the second run is the one reported: warm cache, as under load
  const lines = (await run()).map((row) => row['QUERY PLAN']);
  return lines
    .filter(
      (line, index) =>
        index <= 1 || // the root node and its Buffers line
        line.includes('->') ||
        /^\s*(Index Cond|Recheck Cond|Filter|One-Time Filter|Rows Removed|Heap Fetches|Execution Time)/.test(
          line,
        ),
    )
    .map((line) => `    ${line.replace(/\s*\(cost=[^)]*\)/, '')}`);
}

console.log(
  `preparing: embedded PostgreSQL, demo data, ${produtos} produtos (empresa A) + ${others} (empresa B)…`,
);
const started = performance.now();
const database = await benchDatabase(pgPort);
const db = createDatabase(database.url, { max: 2 });
const { files } = await readSchemaFiles();
const users = await db.withSystem((tx) =>
  tx.query<{ email: string; usuario_id: number; empresa_id: number; filial_id: number | null }>(
    `SELECT email, id AS usuario_id, empresa_id, filial_selecionada_id AS filial_id FROM usuario
      WHERE email IN ('demo@erp.local', 'verde@erp.local')`,
  ),
);
const userA = users.find((user) => user.email === 'demo@erp.local');
const userB = users.find((user) => user.email === 'verde@erp.local');
if (!userA || !userB) throw new Error('demo users missing');
const seed = await seedProdutos(database.url, db, [
  { empresaId: userA.empresa_id, count: produtos },
  { empresaId: userB.empresa_id, count: others },
]);
const prepared = performance.now() - started;

const entity = resolveEntity('produto', files);
const grid = files['schemas/entities/produto/produto.grid.json'] as GridDefinition;
const record = recordEntity(files, 'produto');
const tenant: TenantContext = {
  empresaId: userA.empresa_id,
  usuarioId: userA.usuario_id,
  filialId: userA.filial_id,
};
const scope = { empresaId: userA.empresa_id, filialId: userA.filial_id, usuarioId: userA.usuario_id };
const indexes = await db.withSystem((tx) =>
  tx.query<{ indexdef: string }>(
    `SELECT indexdef FROM pg_indexes WHERE schemaname = 'public' AND tablename = 'produto' ORDER BY indexname`,
  ),
);

const app = await startChild('scripts/bench/lib/appServer.ts', {
  DATABASE_URL: database.url,
  DATA_DIR: loadConfig().dataDir,
  PORT: String(appPort),
});
/** CPU per answered request (ms): the app process, PostgreSQL, and this process (the load generator). */
type Cpu = { app: number; postgres: number; load: number };
const results: Array<LoadResult & { rows: number; cpu: Cpu }> = [];
const backendPid = (await db.withSystem((tx) => tx.one<{ pid: number }>('SELECT pg_backend_pid() AS pid')))
  .pid;
const postmasterPid = parentOf(backendPid);
const meter = cpuMeter(app.pid as number, postmasterPid);
const floor = (cpu: Cpu) => (connections * (cpu.app + cpu.postgres + cpu.load)) / cpus().length;
const plans: string[] = [];
try {
  const base = `http://127.0.0.1:${appPort}`;
  const login = await fetch(`${base}/api/Usuarios/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', host: 'localhost' },
    body: JSON.stringify({ email: 'demo@erp.local', password: 'demo1234' }),
  });
  const token = ((await login.json()) as { id: string }).id;
  const headers = { authorization: token };
  const get = async (path: string) => {
    const response = await fetch(`${base}${path}`, { headers });
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return response.json() as Promise<unknown>;
  };

  // Warm-up, not reported: the app's JIT and PostgreSQL's caches settle before the first figure (without it the
  // first scenario measured 2.1 ms of app CPU per block against 1.7 ms for the same shape later in the run).
  {
    const first = SCENARIOS[0] as (typeof SCENARIOS)[number];
    const query = buildListQuery(entity, grid, first.criteria);
    const warm = `/api/Produtos?filter=${encodeURIComponent(JSON.stringify({ ...query, limit: grid.pageSize ?? 100, skip: 0 }))}`;
    await measureLoad('warm-up', `${base}${warm}`, { connections, seconds: 3, headers });
  }
  for (const { label, criteria } of SCENARIOS) {
    // Exactly what useListController sends for the first block and for the total.
    const query = buildListQuery(entity, grid, criteria);
    const block: LoopBackFilter = { ...query, limit: grid.pageSize ?? 100, skip: 0 };
    const where: Where | undefined = query.where;
    const blockPath = `/api/Produtos?filter=${encodeURIComponent(JSON.stringify(block))}`;
    const countPath = `/api/Produtos/count${where ? `?where=${encodeURIComponent(JSON.stringify(where))}` : ''}`;
    const blockRows = ((await get(blockPath)) as unknown[]).length;
    const counted = (await get(countPath)) as { count: number; aproximado?: boolean };
    const total = counted.count;
    const countLabel = counted.aproximado ? 'count (estimate)' : 'count';
    const load = { connections, seconds, headers };
    const measure = async (name: string, path: string, rows: number) => {
      const stop = meter.start();
      const own = process.cpuUsage();
      const result = await measureLoad(name, `${base}${path}`, load);
      const used = process.cpuUsage(own);
      const { appMs, postgresMs } = stop();
      const per = (ms: number) => ms / Math.max(1, result.total);
      const cpu = { app: per(appMs), postgres: per(postgresMs), load: per((used.user + used.system) / 1000) };
      results.push({ ...result, rows, cpu });
    };
    await measure(`${label}: block`, blockPath, blockRows);
    await measure(`${label}: ${countLabel}`, countPath, total);
    if (label === 'no filter' || label === 'sorted by Preço desc') {
      // A user scrolled DEEP_ROW rows down: the block there by skip, and by the grid's keyset cursor.
      const limit = grid.pageSize ?? 100;
      const skipFilter: LoopBackFilter = { ...query, limit, skip: DEEP_ROW };
      const previous = (await get(
        `/api/Produtos?filter=${encodeURIComponent(JSON.stringify({ ...query, limit: 1, skip: DEEP_ROW - 1 }))}`,
      )) as Array<Record<string, unknown>>;
      const after = keysetAfter(query.order, previous[0]);
      const skipPath = `/api/Produtos?filter=${encodeURIComponent(JSON.stringify(skipFilter))}`;
      await measure(`${label}: block at ${DEEP_ROW} (skip)`, skipPath, limit);
      if (after) {
        const afterPath = `/api/Produtos?filter=${encodeURIComponent(JSON.stringify({ ...query, limit, after }))}`;
        const [bySkip, byAfter] = (await Promise.all([get(skipPath), get(afterPath)])) as Array<
          Array<{ id: number }>
        >;
        if (JSON.stringify(bySkip?.map((row) => row.id)) !== JSON.stringify(byAfter?.map((row) => row.id)))
          throw new Error(`${label}: keyset block differs from the skip block`);
        await measure(`${label}: block at ${DEEP_ROW} (keyset)`, afterPath, limit);
      }
    }

    const list = buildRecordQuery(record, block, scope, { prefixRanges: true });
    const count = buildRecordQuery(record, where ? { where } : {}, scope, {
      count: true,
      prefixRanges: true,
    });
    plans.push(
      `${label}`,
      `  filter=${JSON.stringify(block)}`,
      `  block: ${list.sql.replace(/^SELECT .*? FROM/, 'SELECT <every column> FROM')}`,
      ...(await explain(db, tenant, list.sql, list.params)),
      `  count: ${count.sql}`,
      ...(await explain(db, tenant, count.sql, count.params)),
    );
  }
} finally {
  app.kill();
  await db.close();
  await database.stop();
}

console.log(
  `\nprodutos: ${produtos} in empresa A (measured, demo@erp.local) + ${others} in empresa B; ` +
    `prepared in ${ms(prepared)} (insert ${ms(seed.insertMs)}, index build ${ms(seed.indexMs)}, ` +
    `VACUUM ANALYZE ${ms(seed.vacuumMs)})`,
);
console.log('indexes on produto:');
for (const { indexdef } of indexes)
  console.log(`  ${indexdef.replace(/ ON public\.produto USING/, ' USING')}`);
console.log(
  `\n${connections} connections, ${seconds} s per run, real app (RLS as erp_app); load, app and PostgreSQL share ` +
    `this machine's cores (load average at the end: ${loadavg()
      .map((value) => value.toFixed(1))
      .join(' ')})`,
);
console.log(
  'request'.padEnd(44),
  'rows'.padStart(8),
  'req/s'.padStart(8),
  'p50 ms'.padStart(8),
  'p95 ms'.padStart(8),
  'p99 ms'.padStart(8),
  'requests'.padStart(9),
  'failed'.padStart(7),
  'CPU ms/req app+pg+load'.padStart(24),
  'floor ms'.padStart(9),
);
for (const row of results) {
  console.log(
    row.name.padEnd(44),
    String(row.rows).padStart(8),
    row.rps.toFixed(0).padStart(8),
    row.p50.toFixed(1).padStart(8),
    row.p95.toFixed(1).padStart(8),
    row.p99.toFixed(1).padStart(8),
    String(row.total).padStart(9),
    String(row.failed).padStart(7),
    `${row.cpu.app.toFixed(2)}+${row.cpu.postgres.toFixed(2)}+${row.cpu.load.toFixed(2)}`.padStart(24),
    floor(row.cpu).toFixed(1).padStart(9),
  );
}
console.log(
  `floor: the mean latency ${connections} closed-loop clients cannot go below when every request needs that CPU ` +
    `(app + PostgreSQL + load generator) and ${cpus().length} cores serve it all: connections × CPU ÷ cores; a p95 sits above it.`,
);
console.log('\nEXPLAIN (ANALYZE, BUFFERS) as erp_app with app.empresa_id set (second run, warm):');
for (const line of plans) console.log(line);
