// The product against the LoopBack 3 system it replaces, call by call, on the same rows and database:
// BENCH_PRODUTOS produtos (default 200,000) of the demo company plus 2,000 pedidos with 5 itens, then for
// each call three alternating rounds of BENCH_SECONDS (default 5) at 20 connections against
//   - the product (the real app: token, permission check, RLS transaction as erp_app),
//   - LoopBack 3 (loopback@3 + loopback-connector-postgresql@5, its AccessToken auth and ACLs),
//   - a bare node:http + pg handler running the product's own SQL (no auth, no RLS),
// printing req/s and the ratios of each round's figures (medians). Goals (issue 25): product ≥ 1.5×
// LoopBack 3 and ≥ 0.9× the bare handler on every call.
// Usage: npx tsx scripts/bench/vs-loopback3.ts   (BENCH_PRODUTOS=1000000 for the large run)
// BENCH_CALLS=0,5 measures only those calls (indices in CALLS); BENCH_PROFILE_DIR=dir runs the product and the bare
// handler under `node --cpu-prof` and writes their .cpuprofile in dir/product and dir/bare when the bench ends (read it with scripts/bench/cpuProfileTop.ts).
// BENCH_APP_NODE_OPTIONS="--flag …" starts the product's process with those node flags (GC tuning trials).
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { LoopBackFilter, Where } from '../../runtime/core/loopbackFilter.ts';
import { loadConfig } from '../../runtime/server/config.ts';
import { createDatabase } from '../../runtime/server/db/database.ts';
import { readSchemaFiles } from '../../runtime/server/schemas/readSchemaFiles.ts';
import { buildRecordQuery, selectList } from '../../runtime/server/services/records/buildRecordQuery.ts';
import { recordEntity } from '../../runtime/server/services/records/recordEntity.ts';
import { benchDatabase } from './lib/benchDatabase.ts';
import { type LoadResult, measureLoad } from './lib/measureLoad.ts';
import { cpuMeter, parentOf } from './lib/processCpu.ts';
import { seedProdutos } from './lib/seedProdutos.ts';
import { startChild } from './lib/startChild.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const produtos = Number(process.env.BENCH_PRODUTOS ?? 200_000);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const connections = 20;
const [pgPort, appPort, lbPort, barePort] = [56630, 56671, 56672, 56673];
const LB3_TOKEN = 'lb3-bench-token-0123456789abcdef0123456789abcdef0123456789abcdef';

console.log(`preparing: embedded PostgreSQL, demo data, ${produtos} produtos, 2,000 pedidos × 5 itens…`);
const database = await benchDatabase(pgPort);
process.on('exit', () => {
  // A failure before the final clean-up must not leave the cluster running.
  void database.stop();
});
const db = createDatabase(database.url, { max: 2 });
const { files } = await readSchemaFiles();
const user = await db.withSystem((tx) =>
  tx.one<{ usuario_id: number; empresa_id: number; filial_id: number }>(
    `SELECT id AS usuario_id, empresa_id, filial_selecionada_id AS filial_id FROM usuario WHERE email = 'demo@erp.local'`,
  ),
);
await seedProdutos(database.url, db, [{ empresaId: user.empresa_id, count: produtos }]);
const owner = new pg.Client({ connectionString: database.url });
await owner.connect();
// Creation times spread over 500 days (the seed writes one instant), pedidos and their itens.
await owner.query(
  `UPDATE produto SET criado_em = timestamptz '2025-01-01' + (id % 500) * interval '1 day' WHERE empresa_id = $1`,
  [user.empresa_id],
);
const cliente = await owner.query<{ id: number }>('SELECT id FROM pessoa WHERE empresa_id = $1 LIMIT 1', [
  user.empresa_id,
]);
await owner.query(
  `INSERT INTO pedido_venda (empresa_id, filial_id, numero, tipo, cliente_id, data_emissao, situacao)
   SELECT $1, $2, 900000 + g, 0, $3, date '2026-01-01' + (g % 300), 'orcamento' FROM generate_series(1, 2000) g`,
  [user.empresa_id, user.filial_id, cliente.rows[0]?.id],
);
await owner.query(
  `INSERT INTO pedido_venda_item (empresa_id, filial_id, pedido_venda_id, numero_item, produto_id, descricao, unidade,
                                  quantidade, valor_unitario, valor_total)
   SELECT p.empresa_id, p.filial_id, p.id, n, pr.id, pr.descricao, 'UN', n, pr.preco_venda, n * pr.preco_venda
     FROM pedido_venda p CROSS JOIN generate_series(1, 5) n
     JOIN LATERAL (SELECT id, descricao, preco_venda FROM produto WHERE empresa_id = p.empresa_id
                    ORDER BY id OFFSET (p.id * 7 + n) % 1000 LIMIT 1) pr ON true
    WHERE p.empresa_id = $1`,
  [user.empresa_id],
);
await owner.query('CREATE SCHEMA IF NOT EXISTS lb3');
await owner.query('VACUUM (ANALYZE) produto, pedido_venda, pedido_venda_item');
const someId = (
  await owner.query<{ id: number }>('SELECT id FROM produto WHERE empresa_id = $1 OFFSET 777 LIMIT 1', [
    user.empresa_id,
  ])
).rows[0]?.id as number;

const A = user.empresa_id;
const scope = { empresaId: A, filialId: user.filial_id, usuarioId: user.usuario_id };
const produto = recordEntity(files, 'produto');
const pedido = recordEntity(files, 'pedidoVenda');
const item = recordEntity(files, 'pedidoVendaItem');
const json = (value: unknown) => encodeURIComponent(JSON.stringify(value));
const like: Where = { descricao: { like: 'Paraf%' } };
const range: Where = { precoVenda: { between: [100, 200] } };
const dates: Where = { criadoEm: { between: ['2025-03-01T00:00:00Z', '2025-03-08T00:00:00Z'] } };

interface Call {
  name: string;
  product: string;
  lb3: string;
  bare: { sql: string; params: unknown[]; children?: { name: string; sql: string; foreignKey: string } };
}
const list = (name: string, filter: LoopBackFilter): Call => ({
  name,
  product: `/api/Produtos?filter=${json(filter)}`,
  lb3: `/api/Produtos?filter=${json({ ...filter, where: { empresaId: A, ...(filter.where ?? {}) }, order: filter.order?.[0] })}`,
  bare: buildRecordQuery(produto, filter, scope),
});
const count = (name: string, where?: Where): Call => ({
  name,
  product: `/api/Produtos/count${where ? `?where=${json(where)}` : ''}`,
  lb3: `/api/Produtos/count?where=${json({ empresaId: A, ...(where ?? {}) })}`,
  bare: buildRecordQuery(produto, where ? { where } : {}, scope, { count: true }),
});
const parents = buildRecordQuery(pedido, { limit: 20, order: ['id ASC'] }, scope, { extraFields: ['id'] });
const CALLS: Call[] = [
  list('first page, limit 100, order id', { limit: 100, order: ['id ASC'] }),
  list("descricao like 'Paraf%', limit 100", { where: like, limit: 100 }),
  list('precoVenda between 100 and 200, order descricao desc, limit 100', {
    where: range,
    order: ['descricao DESC'],
    limit: 100,
  }),
  count('/count'),
  count('/count with the like filter', like),
  {
    name: 'GET /{id}',
    product: `/api/Produtos/${someId}`,
    lb3: `/api/Produtos/${someId}`,
    bare: buildRecordQuery(produto, { where: { id: someId }, limit: 1 }, scope),
  },
  list('precoVenda between 100 and 200, limit 100 (no order)', { where: range, limit: 100 }),
  list('criadoEm a week, limit 100', { where: dates, limit: 100 }),
  {
    name: 'pedidos limit 20 include itens',
    product: `/api/PedidosVenda?filter=${json({ limit: 20, order: 'id ASC', include: 'itens' })}`,
    lb3: `/api/PedidosVenda?filter=${json({ where: { empresaId: A }, limit: 20, order: 'id ASC', include: 'itens' })}`,
    bare: {
      ...parents,
      children: {
        name: 'itens',
        foreignKey: 'pedidoVendaId',
        sql: `SELECT ${selectList(item)} FROM pedido_venda_item WHERE empresa_id = ${A} AND filial_id = ${user.filial_id}
               AND pedido_venda_id = ANY($1) ORDER BY numero_item, id`,
      },
    },
  },
];

const only = process.env.BENCH_CALLS?.split(',').map(Number);
const measured = [...CALLS.entries()].filter(([index]) => !only || only.includes(index));
const profileDir = process.env.BENCH_PROFILE_DIR;

const queriesFile = join(tmpdir(), `bench-queries-${process.pid}.json`);
await writeFile(
  queriesFile,
  JSON.stringify(Object.fromEntries(CALLS.map((call, index) => [String(index), call.bare]))),
);
const env = { DATABASE_URL: database.url, DATA_DIR: loadConfig().dataDir };
const children = [
  await startChild('scripts/bench/lib/appServer.ts', { ...env, PORT: String(appPort) }, [
    ...(process.env.BENCH_APP_NODE_OPTIONS?.split(' ').filter(Boolean) ?? []),
    ...(profileDir ? ['--cpu-prof', '--cpu-prof-dir', join(profileDir, 'product')] : []),
  ]),
  await startChild('scripts/bench/lib/loopback3Server.ts', { ...env, PORT: String(lbPort), LB3_TOKEN }),
  await startChild(
    'scripts/bench/lib/bareQueryServer.ts',
    { ...env, PORT: String(barePort), QUERIES_FILE: queriesFile },
    profileDir ? ['--cpu-prof', '--cpu-prof-dir', join(profileDir, 'bare')] : [],
  ),
];
try {
  const login = await fetch(`http://127.0.0.1:${appPort}/api/Usuarios/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', host: 'localhost' },
    body: JSON.stringify({ email: 'demo@erp.local', password: 'demo1234' }),
  });
  const token = ((await login.json()) as { id: string }).id;
  const targets = (
    call: Call,
    index: number,
  ): Array<{ who: string; url: string; headers: Record<string, string> }> => [
    { who: 'product', url: `http://127.0.0.1:${appPort}${call.product}`, headers: { authorization: token } },
    {
      who: 'LoopBack 3',
      url: `http://127.0.0.1:${lbPort}${call.lb3}`,
      headers: { authorization: LB3_TOKEN },
    },
    { who: 'bare', url: `http://127.0.0.1:${barePort}/q/${index}`, headers: {} },
  ];
  // Same answer sizes before measuring: a wrong URL must not pass for a fast one.
  for (const [index, call] of measured) {
    const sizes = [];
    for (const target of targets(call, index)) {
      const response = await fetch(target.url, { headers: { ...target.headers, host: 'localhost' } });
      if (!response.ok)
        throw new Error(`${target.who} ${call.name}: ${response.status} ${await response.text()}`);
      const body = (await response.json()) as unknown;
      sizes.push(
        Array.isArray(body)
          ? body.length
          : typeof body === 'object' && body && 'count' in body
            ? body.count
            : 1,
      );
    }
    console.log(`  ${call.name}: rows/count ${sizes.join(' / ')} (product / LoopBack 3 / bare)`);
  }
  // CPU per answered request of each target's server process and of PostgreSQL (the postmaster's children),
  // so that a gap to the bare handler reads as node time or database time.
  const backendPid = (await owner.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]?.pid;
  const postmasterPid = parentOf(backendPid as number);
  const [productChild, lb3Child, bareChild] = children;
  const meters = new Map(
    (
      [
        ['product', productChild],
        ['LoopBack 3', lb3Child],
        ['bare', bareChild],
      ] as const
    ).map(([who, child]) => [who as string, cpuMeter(child?.pid as number, postmasterPid)]),
  );
  const cpuTable: string[] = [];
  const median = (values: number[]) =>
    [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;
  const table: string[] = [];
  for (const [index, call] of measured) {
    const byWho = new Map<string, LoadResult[]>();
    const cpuByWho = new Map<string, Array<{ app: number; postgres: number }>>();
    for (let round = 0; round < rounds; round++)
      for (const target of targets(call, index)) {
        const stop = meters.get(target.who)?.start();
        const result = await measureLoad(call.name, target.url, {
          connections,
          seconds,
          headers: target.headers,
        });
        const cpu = stop?.();
        byWho.set(target.who, [...(byWho.get(target.who) ?? []), result]);
        if (cpu && result.total > 0)
          cpuByWho.set(target.who, [
            ...(cpuByWho.get(target.who) ?? []),
            { app: cpu.appMs / result.total, postgres: cpu.postgresMs / result.total },
          ]);
      }
    const cpuOf = (who: string) => {
      const samples = cpuByWho.get(who) ?? [];
      return `${median(samples.map((s) => s.app)).toFixed(2)} + ${median(samples.map((s) => s.postgres)).toFixed(2)}`;
    };
    cpuTable.push(`| ${call.name} | ${cpuOf('product')} | ${cpuOf('LoopBack 3')} | ${cpuOf('bare')} |`);
    const rps = (who: string) => (byWho.get(who) ?? []).map((result) => result.rps);
    const ratio = (who: string) =>
      median(rps('product').map((value, round) => value / (rps(who)[round] as number)));
    const p95 = median((byWho.get('product') ?? []).map((result) => result.p95));
    const failed = [...byWho.values()].flat().reduce((sum, result) => sum + result.failed, 0);
    table.push(
      `| ${call.name} | ${median(rps('product')).toFixed(0)} | ${median(rps('LoopBack 3')).toFixed(0)} | ${median(rps('bare')).toFixed(0)} | **${ratio('LoopBack 3').toFixed(2)}** | ${ratio('bare').toFixed(2)} | ${p95.toFixed(1)} | ${failed} |`,
    );
    console.log(table.at(-1));
  }
  console.log(
    `\n${produtos} produtos, ${connections} connections, ${rounds} rounds × ${seconds} s per target\n`,
  );
  console.log(
    '| call | product req/s | LoopBack 3 req/s | bare req/s | product ÷ LB3 | product ÷ bare | product p95 ms | failed |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
  for (const line of table) console.log(line);
  console.log('\nCPU per answered request, ms: server process + PostgreSQL (median of the rounds)\n');
  console.log('| call | product | LoopBack 3 | bare |');
  console.log('|---|---:|---:|---:|');
  for (const line of cpuTable) console.log(line);
} finally {
  for (const child of children) child.kill();
  await owner.end();
  await db.close();
  await database.stop();
}
