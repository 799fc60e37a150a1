import { type ChildProcess, spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { REPO_ROOT } from '../../runtime/server/schemas/readSchemaFiles.ts';
import { type BrowserHarness, startBrowserHarness } from './support/browserHarness.ts';

vi.setConfig({ testTimeout: 180_000, hookTimeout: 180_000 });

/**
 * Three processes on one database: this test's app (A: serves the browser, enqueues report jobs but does
 * not work them), a second API process (B: `npm start` against the same DATABASE_URL) and the separate
 * report worker (C: `npm run worker`). Events cross between them only through PostgreSQL.
 */
let harness: BrowserHarness;
let apiB: Started;
let apiBPort: number;
let worker: Started;
let vendedorId: number;

interface Started {
  child: ChildProcess;
  output: string[];
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Starts `node --import tsx <script>` against the test database and waits for `ready` in its output. */
async function startProcess(script: string, env: Record<string, string>, ready: RegExp): Promise<Started> {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env, NODE_ENV: 'test' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const started = new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output.push(chunk.toString());
      if (ready.test(output.join(''))) resolve();
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`${script} saiu com ${code}:\n${output.join('')}`)));
  });
  await started;
  return {
    child,
    output,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

beforeAll(async () => {
  harness = await startBrowserHarness({ jobs: { work: false } });
  const databaseUrl = harness.server.databaseUrl;
  apiBPort = await freePort();
  [apiB, worker] = await Promise.all([
    startProcess(
      'runtime/server/main.ts',
      {
        DATABASE_URL: databaseUrl,
        PORT: String(apiBPort),
        HOST: '127.0.0.1',
        JOBS_WORK: '0',
        DATA_DIR: harness.server.config.dataDir,
        LOG_LEVEL: 'info',
      },
      /Server listening at/,
    ),
    startProcess('runtime/server/worker.ts', { DATABASE_URL: databaseUrl }, /worker atendendo a fila/),
  ]);
  const [row] = await harness.server.db.withSystem((tx) =>
    tx.query<{ id: number }>(`SELECT id FROM usuario WHERE email = 'vendedor@erp.local'`),
  );
  vendedorId = row?.id ?? 0;
});

afterAll(async () => {
  await Promise.all([apiB?.stop(), worker?.stop()]);
  await harness?.close();
});

/** Calls process B over real HTTP, as the demo white-label (Host localhost). */
async function callB(method: string, path: string, body?: object, token?: string) {
  const response = await fetch(`http://localhost:${apiBPort}${path}`, {
    method,
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: token } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

/** Logs in on A and collects every websocket frame the page receives; resolves once authenticated. */
async function loginLive(page: Page, email: string): Promise<string[]> {
  const frames: string[] = [];
  const authenticated = new Promise<void>((resolve) => {
    page.on('websocket', (socket) => {
      socket.on('framereceived', (frame) => {
        frames.push(String(frame.payload));
        if (String(frame.payload).includes('"authenticated"')) resolve();
      });
    });
  });
  await harness.login(page, email);
  await authenticated;
  return frames;
}

describe('realtime across processes (socket.io PostgreSQL adapter)', () => {
  it('an alert created through another API process reaches the browser connected to this one', async () => {
    expect(harness.port).not.toBe(apiBPort);
    const { page, errors } = await harness.newPage();
    const frames = await loginLive(page, 'vendedor@erp.local');
    const login = await callB('POST', '/api/Usuarios/login', {
      email: 'demo@erp.local',
      password: 'demo1234',
    });
    expect(login.status).toBe(200);
    const texto = 'Pedido 1042 faturado pela outra instância.';
    const created = await callB(
      'POST',
      '/api/Alertas',
      { usuarioId: vendedorId, tipo: 'info', texto },
      login.json.id as string,
    );
    expect(created.status, JSON.stringify(created.json)).toBe(200);
    await page.getByRole('button', { name: 'Notificações (1 não lidas)' }).waitFor();
    expect(
      frames.some((frame) => frame.includes('"alerta"') && frame.includes(String(created.json.id))),
    ).toBe(true);
    await page.getByRole('button', { name: /^Notificações/ }).click();
    await page.getByRole('region', { name: 'Notificações' }).getByText(texto).waitFor();
    await harness.screenshot(page, 'realtime-cluster-alert');
    expect(errors).toEqual([]);
  });

  it('a report worked by the separate worker process announces itself to the browser on this one', async () => {
    const { page, errors } = await harness.newPage();
    const frames = await loginLive(page, 'demo@erp.local');
    await page.goto(harness.url('pages/relatorios/pessoas'));
    await page.getByRole('heading', { level: 1, name: 'Lista de pessoas' }).waitFor();
    const download = page.waitForEvent('download', { timeout: 120_000 });
    await page.getByRole('button', { name: 'Exportar XLSX' }).click();
    await page.getByText('Gerando Lista de pessoas XLSX...').waitFor();
    const file = await download;
    // The completion came as a push over this page's websocket, emitted by the worker (not by polling).
    expect(frames.some((frame) => frame.includes('"relatorio-pessoas-lista-xlsx"'))).toBe(true);
    expect(worker.output.join('')).toMatch(/relatório pessoas-lista \(xlsx\) gerado/);
    const bytes = await readFile((await file.path()) as string);
    expect(bytes.subarray(0, 2).toString()).toBe('PK');
    const [row] = await harness.server.db.withSystem((tx) =>
      tx.query<{ status: number }>(`SELECT status FROM relatorio ORDER BY id DESC LIMIT 1`),
    );
    expect(row?.status).toBe(1);
    expect(errors).toEqual([]);
  });
});
