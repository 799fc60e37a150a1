/**
 * Dashboard and finance reports benchmark (issue 16): a throw-away embedded PostgreSQL prepared as the
 * first `npm start` does (demo companies, stock, six months of trade and finance), then, as
 * demo@erp.local through the real app (auth, RLS): each operation the declared dashboard calls (ROUNDS
 * sequential calls, default 50) and the whole page (all of them at once, as the browser asks), plus the
 * DRE and fluxo de caixa screens; prints p50/p95/max of the server time (app.inject) against the goal
 * (≤ 300 ms for the page).
 *   npx tsx scripts/bench/dashboard.ts      (ROUNDS=20 for a quick run)
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { operations } from '../../generated/operations.ts';
import { buildApp } from '../../runtime/server/app.ts';
import { loadConfig } from '../../runtime/server/config.ts';
import { prepareDatabase } from '../../runtime/server/db/prepareDatabase.ts';
import { startEmbeddedPostgres } from '../../runtime/server/db/startEmbeddedPostgres.ts';
import { createMailer } from '../../runtime/server/mail/createMailer.ts';
import { readSchemaFiles } from '../../runtime/server/schemas/readSchemaFiles.ts';
import declaration from '../../schemas/screens/dashboard.screen.json' with { type: 'json' };

const ROUNDS = Number(process.env.ROUNDS ?? 50);
const GOAL_MS = 300;

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] as number;
const figures = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  return {
    p50: quantile(sorted, 0.5),
    p95: quantile(sorted, 0.95),
    max: sorted[sorted.length - 1] as number,
  };
};
const ms = (value: number) => value.toFixed(1).padStart(7);

const dir = await mkdtemp(join(tmpdir(), 'erp-bench-dashboard-'));
const server = await startEmbeddedPostgres({
  dir: join(dir, 'pg'),
  port: Number(process.env.BENCH_PG_PORT ?? 55_447),
});
try {
  const admin = new pg.Client({ connectionString: server.url });
  await admin.connect();
  await admin.query('CREATE DATABASE bench');
  await admin.end();
  const url = server.url.replace(/\/postgres$/, '/bench');
  const { files } = await readSchemaFiles();
  const started = Date.now();
  const { db, tenants } = await prepareDatabase(url, files, { max: 10 });
  console.log(
    `banco preparado com os dados de demonstração em ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  const config = loadConfig();
  const app = await buildApp({
    services: { db, tenants, config, mailer: createMailer({ smtpUrl: undefined, mailDir: config.mailDir }) },
  });
  await app.ready();
  const call = async (method: string, path: string, token?: string, payload?: unknown) => {
    const response = await app.inject({
      method: method as 'GET',
      url: path,
      headers: { host: 'localhost', ...(token ? { authorization: token } : {}) },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    if (response.statusCode !== 200)
      throw new Error(`${method} ${path}: ${response.statusCode} ${response.body}`);
    return response.json();
  };
  const token = (
    await call('POST', '/api/Usuarios/login', undefined, { email: 'demo@erp.local', password: 'demo1234' })
  ).id as string;

  const table = operations as Record<string, { method: string; path: string }>;
  const blocks = [...Object.values(declaration.cards), ...Object.values(declaration.charts)] as Array<{
    operationId: string;
    params?: Record<string, string>;
  }>;
  const referencia = new Date().toISOString().slice(0, 7);
  const urls = [
    ...new Set(
      blocks.map((block) => {
        const query = new URLSearchParams(
          Object.entries(block.params ?? {}).map(([key, value]) => [
            key,
            value === '$referencia' ? referencia : value,
          ]),
        ).toString();
        return `${table[block.operationId]?.path}${query ? `?${query}` : ''}`;
      }),
    ),
  ];
  const hoje = new Date().toISOString().slice(0, 10);
  const inicioAno = `${hoje.slice(0, 4)}-01-01`;
  const reports = [
    `/api/RelatoriosFinanceiros/dre?regime=competencia&de=${inicioAno}&ate=${hoje}`,
    `/api/RelatoriosFinanceiros/dre?regime=caixa&de=${inicioAno}&ate=${hoje}&comparacao=ano`,
    `/api/RelatoriosFinanceiros/fluxo-caixa?tipo=realizado&de=${inicioAno}&ate=${hoje}&agrupamento=dia`,
    `/api/RelatoriosFinanceiros/fluxo-caixa?tipo=projetado&de=${hoje}&ate=${hoje.slice(0, 4)}-12-31&agrupamento=semana`,
  ];
  for (const path of [...urls, ...reports]) await call('GET', path, token); // warm-up
  console.log(`\n${'operação'.padEnd(96)}    p50     p95     max  (ms, ${ROUNDS} chamadas)`);
  for (const path of [...urls, ...reports]) {
    const times: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const t0 = performance.now();
      await call('GET', path, token);
      times.push(performance.now() - t0);
    }
    const f = figures(times);
    console.log(`${path.padEnd(96)} ${ms(f.p50)} ${ms(f.p95)} ${ms(f.max)}`);
  }
  const page: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const t0 = performance.now();
    await Promise.all(urls.map((path) => call('GET', path, token)));
    page.push(performance.now() - t0);
  }
  const f = figures(page);
  console.log(
    `\npágina inteira (${urls.length} operações em paralelo): p50 ${f.p50.toFixed(1)} ms, p95 ${f.p95.toFixed(1)} ms, max ${f.max.toFixed(1)} ms — meta ≤ ${GOAL_MS} ms: ${f.p95 <= GOAL_MS ? 'atingida' : 'NÃO atingida'}`,
  );
  const counts = await db.withSystem((tx) =>
    tx.one<Record<string, number>>(
      `SELECT (SELECT count(*)::int FROM lancamento) AS lancamentos, (SELECT count(*)::int FROM baixa) AS baixas,
              (SELECT count(*)::int FROM movimento_financeiro) AS movimentos, (SELECT count(*)::int FROM pedido_venda) AS pedidos`,
    ),
  );
  console.log(`dados: ${JSON.stringify(counts)}`);
  await app.close();
  await db.close();
} finally {
  await server.stop();
  await rm(dir, { recursive: true, force: true });
}
