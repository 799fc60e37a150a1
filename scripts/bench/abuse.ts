// Abuse bench: what a hostile client can do to the API's event loop. Uploads a PFX with a 2^31 MAC
// iteration count, posts a 50 MB body, sends a zip bomb (and a gzip-encoded bomb) to the XML import
// (no endpoint reads ZIP or XLSX uploads), and fires 1,000 concurrent bad logins; meanwhile a client
// pings /ping/json every 20 ms. Prints, per scenario, the answers, the time they took and the API
// process's event-loop delay (perf_hooks.monitorEventLoopDelay, 1 ms sampling) p50/p99/max.
// Goal: p99 ≤ 50 ms. Usage: npx tsx scripts/bench/abuse.ts

import type { ChildProcess } from 'node:child_process';
import { request } from 'node:http';
import { gzipSync } from 'node:zlib';
import JSZip from 'jszip';
import { generateCertificado, withPkcs12Iterations } from '../../tests/support/generateCertificado.ts';
import { benchDatabase } from './lib/benchDatabase.ts';
import { startChild } from './lib/startChild.ts';

const [pgPort, appPort] = [56620, 56621];
const origin = `http://127.0.0.1:${appPort}`;

interface LoopStats {
  p50: number;
  p99: number;
  max: number;
  mean: number;
}

function ask(app: ChildProcess, message: 'reset' | 'stats'): Promise<LoopStats> {
  return new Promise((resolve) => {
    app.once('message', (answer) => resolve(answer as LoopStats));
    app.send(message);
  });
}

/** One raw request (node:http, so a 50 MB body can be streamed and an early 413 seen). */
function send(
  method: string,
  path: string,
  body: Buffer | string | undefined,
  headers: Record<string, string> = {},
): Promise<{ status: number; text: string }> {
  return new Promise((resolve) => {
    const req = request(
      `${origin}${path}`,
      { method, headers: { host: 'localhost', 'content-type': 'application/json', ...headers } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            text: Buffer.concat(chunks).toString('utf8').slice(0, 300),
          }),
        );
      },
    );
    // The server may answer (413) and close before the whole body is sent: that is the point.
    req.on('error', (error: Error & { code?: string }) =>
      resolve({ status: 0, text: error.code ?? error.message }),
    );
    if (body !== undefined) req.end(body);
    else req.end();
  });
}

/** Pings the API every 20 ms until stopped; returns the client-side latencies. */
function pinger() {
  const latencies: number[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      await send('GET', '/ping/json', undefined);
      latencies.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  return async () => {
    running = false;
    await loop;
    latencies.sort((a, b) => a - b);
    const at = (p: number) =>
      latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? 0;
    return { count: latencies.length, p99: at(99), max: latencies.at(-1) ?? 0 };
  };
}

const count = (statuses: number[]) =>
  Object.entries(
    statuses.reduce<Record<number, number>>((acc, status) => {
      acc[status] = (acc[status] ?? 0) + 1;
      return acc;
    }, {}),
  )
    .map(([status, n]) => `${n}×${status}`)
    .join(' ');

console.log('preparing: embedded PostgreSQL with the demo data…');
const database = await benchDatabase(pgPort);
let app: ChildProcess | undefined;
const rows: Array<{ scenario: string; answers: string; seconds: number; loop: LoopStats; ping: string }> = [];
try {
  app = await startChild('scripts/bench/lib/abuseAppServer.ts', {
    DATABASE_URL: database.url,
    PORT: String(appPort),
    JOBS_WORK: '0',
  });
  const login = await send(
    'POST',
    '/api/Usuarios/login',
    JSON.stringify({ email: 'demo@erp.local', password: 'demo1234' }),
  );
  const token = (JSON.parse(login.text) as { id: string }).id;
  const auth = { authorization: token };

  const scenario = async (name: string, run: () => Promise<number[]>) => {
    await ask(app as ChildProcess, 'reset');
    const stopPing = pinger();
    const started = performance.now();
    const statuses = await run();
    const seconds = (performance.now() - started) / 1000;
    // Keep measuring a little after the answers: work left running would show here.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const ping = await stopPing();
    const loop = await ask(app as ChildProcess, 'stats');
    rows.push({
      scenario: name,
      answers: count(statuses),
      seconds,
      loop,
      ping: `${ping.count} pings, p99 ${ping.p99.toFixed(1)} ms, max ${ping.max.toFixed(1)} ms`,
    });
    console.log(`${name}: ${count(statuses)} in ${seconds.toFixed(2)} s`);
  };

  await scenario('idle (baseline)', async () => {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    return [];
  });

  const pfx = withPkcs12Iterations(generateCertificado({ senha: 'segredo123' }), { mac: 2 ** 31 });
  await scenario('PFX with MAC iterations 2^31', async () => {
    const answer = await send(
      'POST',
      '/api/CertificadosDigitais',
      JSON.stringify({ arquivo: pfx.toString('base64'), senha: 'segredo123', nomeArquivo: 'hostil.pfx' }),
      auth,
    );
    console.log(`  ${answer.text}`);
    return [answer.status];
  });

  const pfxPbe = withPkcs12Iterations(generateCertificado({ senha: 'segredo123' }), { pbe: 2 ** 31 });
  await scenario('PFX with PBE iterations 2^31, ×10 at once', async () =>
    (
      await Promise.all(
        Array.from({ length: 10 }, () =>
          send(
            'POST',
            '/api/CertificadosDigitais',
            JSON.stringify({ arquivo: pfxPbe.toString('base64'), senha: 'segredo123' }),
            auth,
          ),
        ),
      )
    ).map((answer) => answer.status),
  );

  const big = Buffer.alloc(50 * 1024 * 1024, 'a');
  big.write('{"email":"', 0);
  await scenario('50 MB JSON body to the login', async () => {
    const answer = await send('POST', '/api/Usuarios/login', big);
    console.log(`  ${answer.text}`);
    return [answer.status];
  });
  await scenario('50 MB JSON body to the XML import (authenticated)', async () => {
    const answer = await send('POST', '/api/XmlNfe/importar/previa', big, auth);
    return [answer.status];
  });

  const zip = new JSZip();
  for (let i = 0; i < 10; i++) zip.file(`nota-${i}.xml`, Buffer.alloc(100 * 1024 * 1024, 0x20));
  const bomb = await zip.generateAsync({
    type: 'nodebuffer',
    compression: 'DEFLATE',
    compressionOptions: { level: 9 },
  });
  console.log(`zip bomb: ${bomb.length} bytes, 1 GB inflated`);
  await scenario('zip bomb (1 GB inflated) as the XML of the XML import', async () => {
    const answers = await Promise.all([
      send('POST', '/api/XmlNfe/importar/previa', JSON.stringify({ xml: bomb.toString('base64') }), auth),
      send('POST', '/api/XmlNfe/importar/previa', JSON.stringify({ xml: bomb.toString('latin1') }), auth),
    ]);
    console.log(`  ${answers.map((answer) => answer.text.slice(0, 160)).join('\n  ')}`);
    return answers.map((answer) => answer.status);
  });
  const gzipBomb = gzipSync(Buffer.from(`{"xml":"${' '.repeat(200 * 1024 * 1024)}"}`), { level: 9 });
  await scenario('gzip bomb (200 MB) with Content-Encoding: gzip', async () => {
    const answer = await send('POST', '/api/XmlNfe/importar/previa', gzipBomb, {
      ...auth,
      'content-encoding': 'gzip',
    });
    console.log(`  ${answer.text.slice(0, 160)}`);
    return [answer.status];
  });

  await scenario('1,000 concurrent bad logins', async () =>
    (
      await Promise.all(
        Array.from({ length: 1000 }, (_, i) =>
          send(
            'POST',
            '/api/Usuarios/login',
            JSON.stringify({
              email: i % 2 ? 'demo@erp.local' : `ninguem${i}@erp.local`,
              password: `errada${i}`,
            }),
          ),
        ),
      )
    ).map((answer) => answer.status),
  );

  console.log('\nAPI event-loop delay (ms, 1 ms sampling) while each scenario ran; goal p99 ≤ 50 ms');
  console.log(
    'scenario'.padEnd(56),
    'answers'.padEnd(22),
    'time s'.padStart(7),
    'p50'.padStart(6),
    'p99'.padStart(6),
    'max'.padStart(7),
    '  client pings',
  );
  for (const row of rows)
    console.log(
      row.scenario.padEnd(56),
      row.answers.padEnd(22),
      row.seconds.toFixed(2).padStart(7),
      String(row.loop.p50).padStart(6),
      String(row.loop.p99).padStart(6),
      String(row.loop.max).padStart(7),
      ` ${row.ping}`,
    );
  const worst = Math.max(...rows.map((row) => row.loop.p99));
  console.log(`\nworst p99: ${worst} ms — ${worst <= 50 ? 'within' : 'ABOVE'} the 50 ms goal`);
} finally {
  app?.kill();
  await database.stop();
}
