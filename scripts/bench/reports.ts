// Report export benchmark: an XLSX of BENCH_XLSX_ROWS (default 100,000) rows × 10 columns, a PDF of
// BENCH_PDF_ROWS (default 5,000) rows, a PDF of BENCH_PDF_BIG_ROWS (default 50,000) rows, and the XLSX and
// the small PDF started together (two exports at once), each through POST /api/Relatorios/exportar on the
// real app with its job queue in the same process, two jobs at a time (as `npm start`). Prints the time to
// Finalizado (of the last one), the file size, the API process's RSS (before and peak, sampled every
// 20 ms — the worker threads' memory is part of it) and its event-loop delay (perf_hooks
// monitorEventLoopDelay p50/p99/max) measured while the reports run, beside the latency of a concurrent
// trickle of GET /ping/json requests (one every 20 ms), and the 1-minute load average of the machine.
// Each scenario is preceded by its reference: a plain COPY of the same rows.
// Usage: npx tsx scripts/bench/reports.ts   (BENCH_XLSX_ROWS=20000 for a quick try; BENCH_REPEAT=3 runs
// every scenario three times)
import type { ChildProcess } from 'node:child_process';
import { loadavg } from 'node:os';
import pg from 'pg';
import { createDatabase } from '../../runtime/server/db/database.ts';
import { benchDatabase } from './lib/benchDatabase.ts';
import { seedProdutos } from './lib/seedProdutos.ts';
import { startChild } from './lib/startChild.ts';

const xlsxRows = Number(process.env.BENCH_XLSX_ROWS ?? 100_000);
const pdfRows = Number(process.env.BENCH_PDF_ROWS ?? 5_000);
const pdfBigRows = Math.min(xlsxRows, Number(process.env.BENCH_PDF_BIG_ROWS ?? 50_000));
const repeat = Number(process.env.BENCH_REPEAT ?? 1);
const [pgPort, appPort] = [56630, 56631];
const base = `http://127.0.0.1:${appPort}`;

/** Ten columns over produto: text, money, percent, date-time and boolean cells. */
const BENCH_REPORT = {
  $schema: '../_meta/report.schema.json',
  name: 'bench-produtos',
  title: 'Produtos (benchmark)',
  menu: 'estoque',
  permission: 'RELATORIOS_ESTOQUE',
  orientation: 'landscape',
  source: { entity: 'produto', order: 'id ASC' },
  filters: { idAte: { label: 'Até o id', field: 'id', op: 'lte', type: 'integer' } },
  columns: {
    codigo: { label: 'Código', width: 10 },
    descricao: { label: 'Descrição', width: 36 },
    codigoBarras: { label: 'Código de barras', width: 14 },
    unidade: { label: 'Un.', width: 5 },
    ncm: { label: 'NCM', width: 9 },
    custo: { label: 'Custo', format: 'money', width: 12, total: 'sum' },
    precoVenda: { label: 'Preço de venda', format: 'money', width: 12, total: 'sum' },
    margem: { label: 'Margem', format: 'percent', width: 8 },
    alteradoEm: { label: 'Alterado em', format: 'datetime', width: 14 },
    ativo: { label: 'Ativo', format: 'boolean', width: 6 },
  },
};

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const load = () => `load ${loadavg()[0]?.toFixed(2)}`;
const request = (child: ChildProcess, message: string) =>
  new Promise<Record<string, number>>((resolve) => {
    child.once('message', (reply) => resolve(reply as Record<string, number>));
    child.send(message);
  });

async function api(path: string, token: string, init: RequestInit = {}) {
  const response = await fetch(`${base}${path}`, {
    ...init,
    headers: { authorization: token, 'content-type': 'application/json', ...(init.headers ?? {}) },
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return response;
}

/** GET /ping/json one after another every 20 ms until stopped; returns the latencies. */
function trickle() {
  const latencies: number[] = [];
  let running = true;
  const done = (async () => {
    while (running) {
      const started = performance.now();
      await fetch(`${base}/ping/json`).then((response) => response.arrayBuffer());
      latencies.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  return async () => {
    running = false;
    await done;
    return latencies.sort((a, b) => a - b);
  };
}

const at = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

async function idle(child: ChildProcess, seconds: number) {
  child.send('monitor-start');
  const stopTrickle = trickle();
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  const pings = await stopTrickle();
  const loop = await request(child, 'monitor-stop');
  console.log(
    `${'idle (no report running)'.padEnd(34)} ${seconds.toFixed(1).padStart(6)} s  ${''.padEnd(11)}  ` +
      `RSS ${mb(loop.rssStart ?? 0)} → peak ${mb(loop.rssPeak ?? 0)}  ` +
      `event-loop delay p50 ${loop.p50?.toFixed(1)} / p99 ${loop.p99?.toFixed(1)} / max ${loop.max?.toFixed(1)} ms  ` +
      `/ping/json (${pings.length}) p50 ${at(pings, 0.5).toFixed(1)} / p99 ${at(pings, 0.99).toFixed(1)} / max ${(pings.at(-1) ?? 0).toFixed(1)} ms  ${load()}`,
  );
}

/** Polls GET /api/Relatorios until the export is no longer Processando; throws on Erro. */
async function finished(token: string, label: string, record: { id: number; status: number }) {
  let done: { status: number; erro: { message: string } | null } = { ...record, erro: null };
  while (done.status === 0) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    const filter = encodeURIComponent(JSON.stringify({ where: { id: record.id } }));
    [done] = await (await api(`/api/Relatorios?filter=${filter}`, token)).json();
  }
  if (done.status !== 1) throw new Error(`${label}: ${done.erro?.message}`);
  return (await (await api(`/api/Relatorios/${record.id}/arquivo`, token)).arrayBuffer()).byteLength;
}

/** Starts the exports of `bodies` together and prints the figures once the last one is Finalizado. */
async function run(child: ChildProcess, token: string, label: string, bodies: object[]) {
  child.send('monitor-start');
  const stopTrickle = trickle();
  const started = performance.now();
  const records = await Promise.all(
    bodies.map(async (body) =>
      (await api('/api/Relatorios/exportar', token, { method: 'POST', body: JSON.stringify(body) })).json(),
    ),
  );
  const sizes = await Promise.all(records.map((record) => finished(token, label, record)));
  const seconds = (performance.now() - started) / 1000;
  const pings = await stopTrickle();
  const loop = await request(child, 'monitor-stop');
  const bytes = sizes.reduce((sum, size) => sum + size, 0);
  console.log(
    `${label.padEnd(34)} ${seconds.toFixed(1).padStart(6)} s  file ${mb(bytes).padStart(6)}  ` +
      `RSS ${mb(loop.rssStart ?? 0)} → peak ${mb(loop.rssPeak ?? 0)} (+${mb((loop.rssPeak ?? 0) - (loop.rssStart ?? 0))})  ` +
      `event-loop delay p50 ${loop.p50?.toFixed(1)} / p99 ${loop.p99?.toFixed(1)} / max ${loop.max?.toFixed(1)} ms  ` +
      `/ping/json (${pings.length}) p50 ${at(pings, 0.5).toFixed(1)} / p99 ${at(pings, 0.99).toFixed(1)} / max ${(pings.at(-1) ?? 0).toFixed(1)} ms  ${load()}`,
  );
}

/**
 * The reference an export is read against: a plain `COPY (…) TO STDOUT (FORMAT csv)` of the same rows and
 * columns, read and dropped by the client (what PostgreSQL alone costs to hand the rows over). A minimal
 * pg submittable (no pg-copy-streams dependency): counts the bytes of each CopyData message.
 */
async function copyReference(url: string, sql: string): Promise<{ seconds: number; bytes: number }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    let bytes = 0;
    const started = performance.now();
    await new Promise<void>((resolve, reject) => {
      const copy = {
        submit: (connection: { query(text: string): void }) => connection.query(sql),
        handleCopyData: (message: { chunk: Buffer }) => {
          bytes += message.chunk.length;
        },
        handleCommandComplete: () => {},
        handleReadyForQuery: () => resolve(),
        handleError: (error: Error) => reject(error),
        handleEmptyQuery: () => {},
        handleRowDescription: () => {},
        handleDataRow: () => {},
      };
      void client.query(copy as unknown as pg.QueryConfig);
    });
    return { seconds: (performance.now() - started) / 1000, bytes };
  } finally {
    await client.end();
  }
}

const database = await benchDatabase(pgPort);
let child: ChildProcess | undefined;
try {
  const db = createDatabase(database.url, { max: 2 });
  const [demo] = await db.withSystem((tx) =>
    tx.query<{ empresa_id: number }>(`SELECT empresa_id FROM usuario WHERE email = 'demo@erp.local'`),
  );
  const seeded = performance.now();
  await seedProdutos(database.url, db, [{ empresaId: demo?.empresa_id as number, count: xlsxRows }]);
  const [{ first } = { first: 0 }] = await db.withSystem((tx) =>
    tx.query<{ first: number }>('SELECT min(id) AS first FROM produto'),
  );
  await db.close();
  console.log(
    `seeded ${xlsxRows.toLocaleString('en')} produtos in ${((performance.now() - seeded) / 1000).toFixed(1)} s`,
  );

  child = await startChild('scripts/bench/lib/reportAppServer.ts', {
    DATABASE_URL: database.url,
    PORT: String(appPort),
    BENCH_REPORTS: JSON.stringify({ 'bench-produtos': BENCH_REPORT }),
  });
  const login = await fetch(`${base}/api/Usuarios/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'demo@erp.local', password: 'demo1234' }),
  });
  const token = ((await login.json()) as { id: string }).id;
  console.log(
    `node ${process.version}, ${xlsxRows.toLocaleString('en')} rows × 10 columns in the XLSX, ${pdfRows.toLocaleString('en')} and ${pdfBigRows.toLocaleString('en')} rows in the PDFs`,
  );
  const copyColumns =
    'codigo, descricao, codigo_barras, unidade, ncm, custo, preco_venda, margem, alterado_em, ativo';
  /** Prints a scenario's reference: COPY of the same rows (several at once when it runs several exports). */
  const reference = async (label: string, counts: number[]) => {
    const started = performance.now();
    const copies = await Promise.all(
      counts.map((rows) =>
        copyReference(
          database.url,
          `COPY (SELECT ${copyColumns} FROM produto WHERE empresa_id = ${Number(demo?.empresa_id)} AND id <= ${first + rows - 1} ORDER BY id) TO STDOUT (FORMAT csv)`,
        ),
      ),
    );
    const bytes = copies.reduce((sum, copy) => sum + copy.bytes, 0);
    console.log(
      `${`  reference: COPY of ${label}`.padEnd(34)} ${((performance.now() - started) / 1000).toFixed(2).padStart(6)} s  csv ${mb(bytes).padStart(7)}  ${load()}`,
    );
  };
  const xlsx = { relatorio: 'bench-produtos', formato: 'xlsx' };
  const pdf = (rows: number) => ({
    relatorio: 'bench-produtos',
    formato: 'pdf',
    filtros: { idAte: first + rows - 1 },
  });
  const scenarios: Array<[string, string, number[], object[]]> = [
    [`XLSX ${xlsxRows.toLocaleString('en')} rows × 10 columns`, 'the same rows', [xlsxRows], [xlsx]],
    [`PDF ${pdfRows.toLocaleString('en')} rows × 10 columns`, 'the same rows', [pdfRows], [pdf(pdfRows)]],
    [
      `PDF ${pdfBigRows.toLocaleString('en')} rows × 10 columns`,
      'the same rows',
      [pdfBigRows],
      [pdf(pdfBigRows)],
    ],
    ['two at once: the XLSX + small PDF', 'both, at once', [xlsxRows, pdfRows], [xlsx, pdf(pdfRows)]],
  ];
  await idle(child, 3);
  for (let round = 0; round < repeat; round++)
    for (const [label, referenceLabel, counts, bodies] of scenarios) {
      await reference(referenceLabel, counts);
      await run(child, token, label, bodies);
    }
} finally {
  if (child) {
    const exited = new Promise((resolve) => child?.once('exit', resolve));
    child.send('stop');
    await exited;
  }
  await database.stop();
}
