// Realtime fan-out: BENCH_SOCKETS websocket clients (default 5,000) spread over two API processes
// (`npm start` twice against one database, sharing the socket.io PostgreSQL adapter), each signed in as
// its own user: four fifths are users of the demo company (Empresa Demonstração), one tenth of another
// company of the same white-label (the trial Loja Teste) and one tenth of the verde white-label (Verde
// Mercado). Platform staff sends BENCH_ALERTS (default 5) alerts to every user of the demo company
// (POST /api/Alertas/geral with its empresaId) through process A; each client timestamps its 'alerta'
// event. Prints, per alert and overall, how many demo sockets received it, p50/p95/p99/max of the delivery
// time (from just before the POST to the event), and how many other sockets (the other company of the same
// white-label and the other white-label) received anything (must be 0). Goal (issue 19): an alert to all
// users of one company reaches p95 ≤ 200 ms; only that company's sockets receive it.
// The reference in the same run: the time of the POST itself and a /ping/json round trip.
// Usage: npx tsx scripts/bench/realtime.ts   (BENCH_SOCKETS=1000 for a quick try)
import { loadavg } from 'node:os';
import { Worker } from 'node:worker_threads';
import { createDatabase } from '../../runtime/server/db/database.ts';
import { createSession } from '../../runtime/server/services/sessions.ts';
import { freePort } from '../../tests/support/freePort.ts';
import { benchDatabase } from './lib/benchDatabase.ts';
import { startProduct } from './lib/startProduct.ts';

const socketsWanted = Number(process.env.BENCH_SOCKETS ?? 5_000);
const alerts = Number(process.env.BENCH_ALERTS ?? 5);
const demoCount = Math.round(socketsWanted * 0.8);
const trialCount = Math.round(socketsWanted * 0.1);
const verdeCount = socketsWanted - demoCount - trialCount;

console.log(`preparing: embedded PostgreSQL, demo data, ${demoCount} + ${trialCount} + ${verdeCount} users…`);
const database = await benchDatabase(await freePort());
process.on('exit', () => void database.stop());
const db = createDatabase(database.url, { max: 2 });
// One user per socket: copies of vendedor@erp.local (demo), trial@erp.local (another company of the demo
// white-label) and verde@erp.local (verde), each with a token.
const tokens = await db.withSystem(async (tx) => {
  const copy = (from: string, prefix: string, count: number) =>
    tx.query<{ id: number; empresa_id: number }>(
      `INSERT INTO usuario (empresa_id, config_white_label_id, email, nome, senha_hash, perfil_id, filial_selecionada_id)
       SELECT u.empresa_id, u.config_white_label_id, $2 || g || '@bench.local', 'Usuário ' || g, u.senha_hash, u.perfil_id,
              u.filial_selecionada_id
         FROM usuario u, generate_series(1, $3::int) g WHERE u.email = $1
       RETURNING id, empresa_id`,
      [from, prefix, count],
    );
  const demo = await copy('vendedor@erp.local', 'rt-demo-', demoCount);
  const trial = await copy('trial@erp.local', 'rt-trial-', trialCount);
  const verde = await copy('verde@erp.local', 'rt-verde-', verdeCount);
  const session = async (user: { id: number; empresa_id: number }) =>
    (await createSession(tx, { id: Number(user.id), empresaId: Number(user.empresa_id) }, 3600)).id;
  const staff = await tx.one<{ id: number; empresa_id: number }>(
    `SELECT id, empresa_id FROM usuario WHERE email = 'admin@erp.local'`,
  );
  // One statement at a time: a transaction's client runs its queries in order.
  const sessions = async (users: { id: number; empresa_id: number }[]) => {
    const raw: string[] = [];
    for (const user of users) raw.push(await session(user));
    return raw;
  };
  return {
    empresaId: Number(demo[0]?.empresa_id),
    demo: await sessions(demo),
    trial: await sessions(trial),
    verde: await sessions(verde),
    staff: await session(staff),
  };
});
await db.close();

/** `npm start` against the bench database. */
const startApi = () => startProduct({ env: { DATABASE_URL: database.url } });
const apis = [await startApi(), await startApi()];
console.log(`two API processes on ports ${apis.map((api) => api.port).join(' and ')}`);

// The clients run in BENCH_CLIENT_THREADS worker threads (default 2): one event loop decoding thousands of
// frames would itself add the queueing the bench is meant to find on the server. Arrival times are
// absolute (timeOrigin + now), comparable across threads.
const threads = Number(process.env.BENCH_CLIENT_THREADS ?? 2);
const entries = [
  ...tokens.demo.map((token) => ({ token, demo: true, verde: false })),
  ...tokens.trial.map((token) => ({ token, demo: false, verde: false })),
  ...tokens.verde.map((token) => ({ token, demo: false, verde: true })),
].map((entry, i) => ({ ...entry, port: apis[i % 2]?.port as number }));
const now = () => performance.timeOrigin + performance.now();
const workers = Array.from({ length: threads }, (_, t) => {
  // A worker does not inherit tsx: a tiny bootstrap registers it, then loads the clients module.
  const worker = new Worker(
    `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(new URL('./lib/realtimeClients.ts', import.meta.url).href)}); })`,
    { eval: true, workerData: { entries: entries.filter((_, i) => i % threads === t) } },
  );
  return worker;
});
const ask = <T>(worker: Worker, message: unknown) =>
  new Promise<T>((resolve, reject) => {
    worker.once('error', reject);
    worker.once('message', (answer: T) => {
      worker.off('error', reject);
      resolve(answer);
    });
    worker.postMessage(message);
  });
const connectStarted = performance.now();
await Promise.all(workers.map((worker) => ask(worker, { type: 'connect' })));
console.log(
  `${entries.length} sockets signed in over ${threads} client threads in ${((performance.now() - connectStarted) / 1000).toFixed(1)} s (load ${loadavg()[0]?.toFixed(1)})`,
);
const demoTotal = tokens.demo.length;
/** Arrival times of the last alert: demo sockets' first 'alerta' and the count of other sockets that got any. */
const collect = async () => {
  const parts = await Promise.all(
    workers.map((worker) => ask<{ demo: number[]; others: number }>(worker, { type: 'collect' })),
  );
  return {
    demo: parts.flatMap((part) => part.demo),
    others: parts.reduce((sum, part) => sum + part.others, 0),
  };
};

const quantile = (sorted: number[], q: number) =>
  sorted.length === 0
    ? Number.NaN
    : (sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] as number);
const delays: number[] = [];
let othersReceived = 0;
let missing = 0;
console.log(
  'alert | demo sockets reached | p50 | p95 | p99 | max (ms) | POST ms | ping ms | other sockets reached',
);
for (let n = 1; n <= alerts; n++) {
  await Promise.all(workers.map((worker) => ask(worker, { type: 'reset' })));
  const pingStart = performance.now();
  await fetch(`http://127.0.0.1:${apis[0]?.port}/ping/json`);
  const ping = performance.now() - pingStart;
  const sent = now();
  const response = await fetch(`http://127.0.0.1:${apis[0]?.port}/api/Alertas/geral`, {
    method: 'POST',
    headers: { authorization: tokens.staff, 'content-type': 'application/json', host: 'localhost' },
    body: JSON.stringify({
      tipo: 'info',
      texto: `Aviso de teste ${n}`,
      permiteExcluir: true,
      empresaId: tokens.empresaId,
    }),
  });
  if (!response.ok) throw new Error(`POST /api/Alertas/geral: ${response.status} ${await response.text()}`);
  const answered = now();
  // Every demo socket has it, or 10 s passed.
  let got = await collect();
  for (const waitStart = Date.now(); got.demo.length < demoTotal && Date.now() - waitStart < 10_000; ) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    got = await collect();
  }
  await new Promise((resolve) => setTimeout(resolve, 300));
  got = await collect();
  const times = got.demo.map((at) => at - sent).sort((a, b) => a - b);
  othersReceived += got.others;
  missing += demoTotal - times.length;
  delays.push(...times);
  console.log(
    [
      n,
      `${times.length}/${demoTotal}`,
      quantile(times, 0.5).toFixed(1),
      quantile(times, 0.95).toFixed(1),
      quantile(times, 0.99).toFixed(1),
      (times[times.length - 1] ?? Number.NaN).toFixed(1),
      (answered - sent).toFixed(1),
      ping.toFixed(1),
      got.others,
    ].join(' | '),
  );
  await new Promise((resolve) => setTimeout(resolve, 1_000));
}
delays.sort((a, b) => a - b);
console.log('');
console.log(
  `overall: p50 ${quantile(delays, 0.5).toFixed(1)} ms, p95 ${quantile(delays, 0.95).toFixed(1)} ms (goal ≤ 200), p99 ${quantile(delays, 0.99).toFixed(1)} ms; demo sockets missed: ${missing}; other sockets reached: ${othersReceived} (goal 0)`,
);
await Promise.all(workers.map((worker) => ask(worker, { type: 'close' })));
for (const worker of workers) await worker.terminate();
for (const api of apis) await api.stop();
await database.stop();
process.exit(0);
