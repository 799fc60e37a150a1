// Operator studio (issue 18): the cost of the third schema layer. Seeds the verde white-label with
// BENCH_CUSTOMIZATIONS (default 200) published customisations (field labels, help texts and hidden fields of
// forms, grid column labels and widths, enumeration labels) and prints:
// - cold: merging and validating that layer over the white-label's schemas (what each API process does once
//   per publication, TenantRegistry.reload with an empty cache), p50/p95 over BENCH_COLD runs;
// - warm: GET /api/Schemas/bundle of the white-label over HTTP (the cached merge, serialised), server time
//   from the request log and round trip, p50/p95 over BENCH_CALLS calls (goal: warm ≤ 5 ms server time);
// - publish to browser: from POST …/customizacoes/publicar to the 'schemas.publicados' event on a websocket
//   of a user of the white-label, p50/p95 over BENCH_PUBLISHES publications.
// Usage: npx tsx scripts/bench/schemas.ts
import { request } from 'node:http';
import { loadavg } from 'node:os';
import { io } from 'socket.io-client';
import { buildApp } from '../../runtime/server/app.ts';
import { loadConfig } from '../../runtime/server/config.ts';
import { createDatabase } from '../../runtime/server/db/database.ts';
import { createMailer } from '../../runtime/server/mail/createMailer.ts';
import { readSchemaFiles } from '../../runtime/server/schemas/readSchemaFiles.ts';
import { createSession } from '../../runtime/server/services/sessions.ts';
import { TenantRegistry } from '../../runtime/server/services/tenantRegistry.ts';
import { freePort } from '../../tests/support/freePort.ts';
import { benchDatabase } from './lib/benchDatabase.ts';

const wanted = Number(process.env.BENCH_CUSTOMIZATIONS ?? 200);
const coldRuns = Number(process.env.BENCH_COLD ?? 20);
const callCount = Number(process.env.BENCH_CALLS ?? 500);
const publishes = Number(process.env.BENCH_PUBLISHES ?? 10);
const pct = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
};
const line = (name: string, values: number[]) =>
  console.log(
    `${name}: p50 ${pct(values, 50).toFixed(2)} ms · p95 ${pct(values, 95).toFixed(2)} ms · max ${Math.max(...values).toFixed(2)} ms (n=${values.length})`,
  );

console.log('preparing: embedded PostgreSQL, demo data…');
const database = await benchDatabase(await freePort());
process.on('exit', () => void database.stop());
const { files } = await readSchemaFiles();
const db = createDatabase(database.url, { max: 10 });

// The layer: one patch per schema path, each touching several properties, until `wanted` patches.
const layer: Record<string, unknown> = {};
for (const [path, content] of Object.entries(files)) {
  if (Object.keys(layer).length >= wanted) break;
  const file = content as Record<string, unknown>;
  if (path.endsWith('.form.json')) {
    const sections = file.sections as Record<string, { fields?: Record<string, unknown> }>;
    const patch: Record<string, unknown> = {};
    for (const [id, section] of Object.entries(sections))
      if (section.fields)
        patch[id] = {
          fields: Object.fromEntries(
            Object.keys(section.fields).map((name) => [name, { help: `Ajuda de ${name}` }]),
          ),
        };
    layer[path] = { sections: patch };
  } else if (path.endsWith('.grid.json')) {
    const columns = file.columns as Record<string, unknown>;
    layer[path] = {
      columns: Object.fromEntries(
        Object.keys(columns).map((name) => [name, { label: `Coluna ${name}`, width: 140 }]),
      ),
    };
  } else if (path.startsWith('schemas/enums/')) {
    layer[path] = {
      values: (file.values as Array<Record<string, unknown>>).map((value) => ({
        ...value,
        label: `${value.label} *`,
      })),
    };
  }
}
const verde = await db.withSystem(async (tx) => {
  const row = await tx.one<{ id: number }>(`SELECT id FROM config_white_label WHERE id_config = 'verde'`);
  await tx.query(
    'INSERT INTO customizacao_versao (config_white_label_id, versao, patches) VALUES ($1, 1, $2::jsonb)',
    [row.id, JSON.stringify(layer)],
  );
  return Number(row.id);
});
console.log(`${Object.keys(layer).length} customisations published for verde`);

// Cold: a fresh registry (empty cache) merging and validating the layer.
const cold: number[] = [];
let issues = 0;
for (let run = 0; run < coldRuns; run += 1) {
  const registry = new TenantRegistry(db, files);
  const started = performance.now();
  await registry.reload();
  cold.push(performance.now() - started);
  issues = (await registry.byId(verde))?.customizationIssues.length ?? -1;
}
console.log(`problems in the layer: ${issues}`);
line('cold merge (reload, all white-labels)', cold);

const tenants = new TenantRegistry(db, files);
await tenants.reload();
const config = { ...loadConfig({}), databaseUrl: database.url, tokenCacheMs: 1000 };
const app = await buildApp({
  services: { db, tenants, config, mailer: createMailer({ smtpUrl: undefined, mailDir: config.mailDir }) },
});
const served: number[] = [];
app.addHook('onResponse', async (request, reply) => {
  if (request.url === '/api/Schemas/bundle') served.push(reply.elapsedTime);
});
const base = await app.listen({ port: 0, host: '127.0.0.1' });
/** An HTTP call with a Host header (fetch may not set one): the white-label is chosen by host name. */
const call = (method: string, path: string, headers: Record<string, string>, body?: string) =>
  new Promise<{ status: number; text: string }>((resolve, reject) => {
    const sent = request(`${base}${path}`, { method, headers }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        text += chunk;
      });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
    });
    sent.on('error', reject);
    sent.end(body);
  });
const trips: number[] = [];
let bytes = 0;
for (let index = 0; index < callCount; index += 1) {
  const started = performance.now();
  const response = await call('GET', '/api/Schemas/bundle', { host: 'verde.localhost' });
  if (response.status !== 200 || !response.text.includes('Ajuda de'))
    throw new Error('bundle sem as personalizações');
  bytes = Buffer.byteLength(response.text);
  trips.push(performance.now() - started);
}
console.log(`bundle: ${(bytes / 1024).toFixed(0)} KB`);
line('warm bundle, server time', served);
line('warm bundle, round trip', trips);

// Publish to browser.
const tokens = await db.withSystem(async (tx) => {
  const user = await tx.one<{ id: number; empresa_id: number }>(
    `UPDATE usuario SET master = true WHERE email = 'verde@erp.local' RETURNING id, empresa_id`,
  );
  return (await createSession(tx, { id: Number(user.id), empresaId: Number(user.empresa_id) }, 3600)).id;
});
const socket = io(base, {
  path: '/socket.io',
  transports: ['websocket'],
  extraHeaders: { origin: 'http://verde.localhost' },
});
await new Promise<void>((resolve) => {
  socket.on('authenticated', () => resolve());
  socket.on('connect', () => socket.emit('authentication', { token: tokens }));
});
const headers = { authorization: tokens, host: 'verde.localhost', 'content-type': 'application/json' };
const delivery: number[] = [];
for (let round = 0; round < publishes; round += 1) {
  const caminho = 'schemas/entities/produto/produto.form.json';
  const patch = { sections: { identificacao: { fields: { descricao: { label: `Descrição ${round}` } } } } };
  const saved = await call(
    'PUT',
    `/api/ConfigWhiteLabels/${verde}/customizacoes/rascunhos`,
    headers,
    JSON.stringify({ caminho, patch, revisao: 0 }),
  );
  if (saved.status !== 200) throw new Error(`rascunho: ${saved.status} ${saved.text}`);
  const arrived = new Promise<number>((resolve) =>
    socket.once('schemas.publicados', () => resolve(performance.now())),
  );
  const started = performance.now();
  const published = await call(
    'POST',
    `/api/ConfigWhiteLabels/${verde}/customizacoes/publicar`,
    headers,
    '{}',
  );
  if (published.status !== 200) throw new Error(`publicar: ${published.status} ${published.text}`);
  delivery.push((await arrived) - started);
}
line('publish → browser event', delivery);
console.log(
  `load average: ${loadavg()
    .map((value) => value.toFixed(2))
    .join(' ')}`,
);
socket.close();
await app.close();
await db.close();
process.exit(0);
