// Soak: the product as `npm start` runs it — its own embedded PostgreSQL and the demo data, in a fresh
// DATA_DIR — driven open-loop at SOAK_RATE requests/s (default 200) for SOAK_MINUTES (default 30) with a
// mixed load of what its users do all day:
//   logins and logouts, getUserInfo, lists with filters and counts (Produtos, Clientes, Pessoas, stock
//   balances), form saves (a Cliente created then changed), stock documents created and efetivados, the
//   alert bell, and one report export (XLSX) a minute.
// Each minute it prints requests, req/s, p50/p95/p99 (ms), errors, the API process' RSS and PostgreSQL's
// client connections; at the end, the goals of issue 19: 0 errors, p99 ≤ 250 ms, RSS and connections flat
// after minute 5. The reference in the same run: GET /ping/json at the same moments (the floor of the
// process and the machine).
// Usage: npx tsx scripts/bench/soak.ts   (SOAK_MINUTES=3 SOAK_RATE=100 for a quick try)
import { readFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import pg from 'pg';
import { freePort } from '../../tests/support/freePort.ts';
import { startProduct } from './lib/startProduct.ts';

const minutes = Number(process.env.SOAK_MINUTES ?? 30);
const rate = Number(process.env.SOAK_RATE ?? 200);
const pgPort = await freePort();
const PASSWORD = 'demo1234';

type Kind =
  | 'login'
  | 'userInfo'
  | 'lista'
  | 'contagem'
  | 'salvar'
  | 'documento'
  | 'alertas'
  | 'exportacao'
  | 'ping';
/** Share of each kind in the mix (exports run apart, one a minute). */
const MIX: Array<[Kind, number]> = [
  ['userInfo', 14],
  ['lista', 40],
  ['contagem', 12],
  ['salvar', 8],
  ['documento', 3],
  ['alertas', 12],
  ['login', 1],
  ['ping', 10],
];
const totalWeight = MIX.reduce((sum, [, weight]) => sum + weight, 0);
/** The kind a roll in [0, totalWeight) falls on. */
function pickKind(roll: number): Kind {
  let rest = roll;
  for (const [kind, weight] of MIX) {
    if (rest < weight) return kind;
    rest -= weight;
  }
  return MIX[0]?.[0] as Kind;
}

interface Sample {
  kind: Kind;
  ms: number;
  ok: boolean;
}

console.log('starting the product (npm start) on a fresh DATA_DIR…');
const product = await startProduct({ env: { EMBEDDED_PG_PORT: String(pgPort) }, showLog: true });
const base = product.base;
const server = product.child;
const stop = () => product.stop();

/** The first error answer of each route, printed at the end (what went wrong, not only how often). */
const firstError = new Map<string, string>();
async function call(method: string, path: string, token?: string, body?: unknown) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: token } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  const route = `${method} ${path.split('?')[0]?.replace(/\/\d+/g, '/{id}')}`;
  if (response.status >= 400 && response.status !== 406 && !firstError.has(route))
    firstError.set(route, `${response.status} ${text.slice(0, 300)}`);
  return { status: response.status, json: () => JSON.parse(text) };
}

console.log(`up in ${product.startSeconds.toFixed(1)} s`);

const login = async (email: string) => {
  const response = await call('POST', '/api/Usuarios/login', undefined, { email, password: PASSWORD });
  if (response.status !== 200) throw new Error(`login ${email}: ${response.status}`);
  return response.json().id as string;
};
const tokens = await Promise.all(['demo@erp.local', 'vendedor@erp.local'].map(login));
const [demo] = tokens as [string];
const filter = (value: unknown) => encodeURIComponent(JSON.stringify(value));
// Stock documents of products without lots or grade (those need a lote or a variação per line).
const comGrade = new Set(
  ((await call('GET', '/api/ProdutosVariacoes', demo)).json() as { produtoId: number }[]).map(
    (row) => row.produtoId,
  ),
);
const produtos = (
  (
    await call(
      'GET',
      `/api/Produtos?filter=${filter({ where: { controlaLote: false }, limit: 40, order: 'id ASC' })}`,
      demo,
    )
  ).json() as { id: number }[]
).filter((produto) => !comGrade.has(produto.id));
const [deposito] = (await call('GET', `/api/Depositos?filter=${filter({ limit: 1 })}`, demo)).json() as {
  id: number;
}[];
if (produtos.length === 0 || !deposito) throw new Error('the demo data has no produtos or depósito');

const LISTS = [
  `/api/Produtos?filter=${filter({ where: { descricao: { like: 'Ca%' } }, order: 'descricao ASC', limit: 100 })}`,
  `/api/Produtos?filter=${filter({ order: 'precoVenda DESC', limit: 100 })}`,
  `/api/Clientes?filter=${filter({ order: 'nome ASC', limit: 100 })}`,
  `/api/Pessoas?filter=${filter({ where: { nome: { ilike: '%a%' } }, limit: 50 })}`,
  `/api/SaldosEstoque?filter=${filter({ order: 'id DESC', limit: 100 })}`,
  `/api/DocumentosEstoque?filter=${filter({ order: 'id DESC', limit: 50 })}`,
];
const COUNTS = [
  '/api/Produtos/count',
  `/api/Clientes/count?where=${filter({ nome: { like: 'Cli%' } })}`,
  '/api/DocumentosEstoque/count',
];
let sequence = 0;
const pick = <T>(list: T[]) => list[sequence % list.length] as T;

/** One user action of `kind`; true when every request of it answered 2xx. */
async function act(kind: Kind): Promise<boolean> {
  const token = tokens[sequence % tokens.length] as string;
  sequence++;
  switch (kind) {
    case 'ping':
      return (await call('GET', '/ping/json')).status === 200;
    case 'userInfo':
      return (await call('GET', '/api/Usuarios/getUserInfo', token)).status === 200;
    case 'lista':
      return (await call('GET', pick(LISTS), demo)).status === 200;
    case 'contagem':
      return (await call('GET', pick(COUNTS), demo)).status === 200;
    case 'alertas':
      return (await call('GET', '/api/Alertas/obter', token)).status === 200;
    case 'login': {
      const response = await call('POST', '/api/Usuarios/login', undefined, {
        email: 'contador@erp.local',
        password: PASSWORD,
      });
      if (response.status !== 200) return false;
      return (await call('POST', '/api/Usuarios/logout', response.json().id)).status < 300;
    }
    case 'salvar': {
      const created = await call('POST', '/api/Clientes', demo, {
        nome: `Cliente soak ${sequence}`,
        uf: 'SP',
      });
      if (created.status !== 200) return false;
      const { id, versao } = created.json();
      return (await call('PATCH', `/api/Clientes/${id}`, demo, { uf: 'RJ', versao })).status === 200;
    }
    case 'documento': {
      const produto = pick(produtos);
      const doc = await call('POST', '/api/DocumentosEstoque', demo, {
        tipo: 'E',
        data: new Date().toISOString(),
        depositoId: deposito?.id,
        motivo: 'Soak',
        itens: [{ numeroItem: 1, produtoId: produto.id, quantidade: 1, custoUnitario: 10 }],
      });
      if (doc.status !== 200) return false;
      return (
        (await call('POST', `/api/DocumentosEstoque/${doc.json().id}/efetivar`, demo, {})).status === 200
      );
    }
    case 'exportacao': {
      const response = await call('POST', '/api/Relatorios/exportar', demo, {
        relatorio: 'posicao-estoque',
        formato: 'xlsx',
        filtros: {},
      });
      // 406: the previous minute's export of the same report is still processing (not an error of the product).
      return response.status === 200 || response.status === 406;
    }
  }
}

const owner = new pg.Client({
  connectionString: `postgres://postgres:erp-local@127.0.0.1:${pgPort}/postgres`,
});
await owner.connect();
const rssMb = async () => {
  const status = await readFile(`/proc/${server.pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
};
const connections = async () =>
  Number(
    (
      await owner.query<{ n: string }>(
        `SELECT count(*) AS n FROM pg_stat_activity WHERE backend_type = 'client backend' AND pid <> pg_backend_pid()`,
      )
    ).rows[0]?.n,
  );

const quantile = (sorted: number[], q: number) =>
  sorted.length === 0
    ? Number.NaN
    : (sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] as number);
const fmt = (n: number, digits = 0) => (Number.isNaN(n) ? '—' : n.toFixed(digits));

console.log(`soak: ${rate} req/s for ${minutes} min (load average at start ${loadavg()[0]?.toFixed(1)})`);
console.log('min | requests | req/s | p50 | p95 | p99 | ping p99 | errors | RSS MB | PG conns | load');
const perMinute: Array<{ p99: number; errors: number; rss: number; conns: number; requests: number }> = [];
const all: number[] = [];
let errorsTotal = 0;
const errorKinds = new Map<Kind, number>();
const early = new Map<Kind, number[]>();
const late = new Map<Kind, number[]>();
const t0 = Date.now();
let launched = 0;
let inFlight = 0;
for (let minute = 1; minute <= minutes; minute++) {
  const samples: Sample[] = [];
  let rss = 0;
  let conns = 0;
  const minuteEnd = t0 + minute * 60_000;
  const run = (kind: Kind) => {
    const begin = performance.now();
    inFlight++;
    act(kind)
      .catch(() => false)
      .then((ok) => {
        inFlight--;
        samples.push({ kind, ms: performance.now() - begin, ok });
      });
  };
  run('exportacao');
  let nextProbe = Date.now();
  while (Date.now() < minuteEnd) {
    // Open loop: start what is due by now at the set rate, however slow the answers are.
    const due = Math.floor(((Date.now() - t0) / 1000) * rate);
    while (launched < due) {
      const kind = pickKind((launched * 7919) % totalWeight);
      run(kind);
      launched++;
    }
    if (Date.now() >= nextProbe) {
      rss = Math.max(rss, await rssMb());
      conns = Math.max(conns, await connections());
      nextProbe = Date.now() + 5_000;
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  const times = samples.filter((sample) => sample.ok && sample.kind !== 'ping').map((sample) => sample.ms);
  times.sort((a, b) => a - b);
  const pings = samples.filter((sample) => sample.kind === 'ping' && sample.ok).map((sample) => sample.ms);
  pings.sort((a, b) => a - b);
  const errors = samples.filter((sample) => !sample.ok);
  for (const error of errors) errorKinds.set(error.kind, (errorKinds.get(error.kind) ?? 0) + 1);
  errorsTotal += errors.length;
  all.push(...times);
  // Per kind, the first and the last five minutes: which action slows down as the soak's rows pile up.
  const window = minute <= 5 ? early : minute > minutes - 5 ? late : null;
  for (const sample of samples)
    if (window && sample.ok) window.set(sample.kind, [...(window.get(sample.kind) ?? []), sample.ms]);
  const p99 = quantile(times, 0.99);
  perMinute.push({ p99, errors: errors.length, rss, conns, requests: samples.length });
  console.log(
    [
      minute,
      samples.length,
      fmt(samples.length / 60, 1),
      fmt(quantile(times, 0.5), 1),
      fmt(quantile(times, 0.95), 1),
      fmt(p99, 1),
      fmt(quantile(pings, 0.99), 1),
      errors.length,
      fmt(rss),
      conns,
      loadavg()[0]?.toFixed(1),
    ].join(' | '),
  );
}
while (inFlight > 0) await new Promise((resolve) => setTimeout(resolve, 50));
all.sort((a, b) => a - b);
const after5 = perMinute.slice(Math.min(5, perMinute.length - 1));
const growth = (pickValue: (row: (typeof perMinute)[number]) => number) =>
  after5.length > 1 ? pickValue(after5[after5.length - 1] as never) - pickValue(after5[0] as never) : 0;
console.log('');
console.log(
  `overall: ${all.length} requests, p50 ${fmt(quantile(all, 0.5), 1)} ms, p95 ${fmt(quantile(all, 0.95), 1)} ms, p99 ${fmt(quantile(all, 0.99), 1)} ms`,
);
console.log(
  `errors: ${errorsTotal}${errorKinds.size ? ` (${[...errorKinds].map(([kind, n]) => `${kind} ${n}`).join(', ')})` : ''} — goal 0`,
);
console.log(`p99 ${fmt(quantile(all, 0.99), 1)} ms — goal ≤ 250 ms`);
console.log(
  `after minute ${Math.min(5, perMinute.length - 1) + 1}: RSS ${growth((row) => row.rss) >= 0 ? '+' : ''}${fmt(growth((row) => row.rss))} MB, PG connections ${growth((row) => row.conns) >= 0 ? '+' : ''}${growth((row) => row.conns)} — goal flat`,
);
console.log('');
console.log('kind | p50 first 5 min | p95 first 5 min | p50 last 5 min | p95 last 5 min');
for (const kind of early.keys()) {
  const first = [...(early.get(kind) ?? [])].sort((a, b) => a - b);
  const last = [...(late.get(kind) ?? [])].sort((a, b) => a - b);
  console.log(
    [kind, quantile(first, 0.5), quantile(first, 0.95), quantile(last, 0.5), quantile(last, 0.95)]
      .map((value) => (typeof value === 'number' ? fmt(value, 1) : value))
      .join(' | '),
  );
}
for (const [route, answer] of firstError) console.log(`first error of ${route}: ${answer}`);
await owner.end();
await stop();
process.exit(0);
