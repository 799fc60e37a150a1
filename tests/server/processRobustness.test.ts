import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../runtime/server/config.ts';
import { DATABASE_UNAVAILABLE_MESSAGE } from '../../runtime/server/db/connectionErrors.ts';
import { type EmbeddedServer, startEmbeddedPostgres } from '../../runtime/server/db/startEmbeddedPostgres.ts';
import { REPO_ROOT } from '../../runtime/server/schemas/readSchemaFiles.ts';
import { type RunningServer, startServer } from '../../runtime/server/startServer.ts';

/**
 * Issue 12, finding 9 and the start-up warnings of 10: one instance per data directory, a busy embedded
 * port, a database that goes away and comes back. This file runs `startServer` on a PostgreSQL of its own
 * (the shared test cluster must never be stopped).
 */
let dir: string;
let blocker: Server;
let server: RunningServer;
let restarted: EmbeddedServer | undefined;
const lines: string[] = [];
const busyPort = 57000 + (process.pid % 900);

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'erp-robust-'));
  // Something else already listens on the embedded port the configuration asks for.
  blocker = createServer();
  await new Promise<void>((resolve) => blocker.listen(busyPort, '127.0.0.1', resolve));
  const original = console.log;
  console.log = (...args: unknown[]) => {
    lines.push(args.map(String).join(' '));
  };
  try {
    const config = loadConfig({
      DATA_DIR: dir,
      EMBEDDED_PG_PORT: String(busyPort),
      PORT: '0',
      LOG_LEVEL: 'silent',
    });
    server = await startServer(config, { seedDemoData: false, serveWeb: false, logger: false });
  } finally {
    console.log = original;
  }
}, 180_000);

afterAll(async () => {
  // Stopping after the database came back must not hang (the realtime pool used to wait for a dead client).
  await server?.stop();
  await restarted?.stop().catch(() => {});
  await new Promise((resolve) => blocker?.close(resolve));
  await rm(dir, { recursive: true, force: true });
});

describe('start-up', () => {
  it('moves the embedded PostgreSQL to the next free port when its port is taken, and says so', async () => {
    expect(lines).toContain(
      `[erp] a porta ${busyPort} está ocupada por outro programa; PostgreSQL embutido na porta ${busyPort + 1}`,
    );
    expect(server.embedded?.port).toBe(busyPort + 1);
    const lock = JSON.parse(await readFile(join(dir, 'instancia.json'), 'utf8'));
    expect(lock).toMatchObject({ pid: process.pid, pgPort: busyPort + 1 });
  });

  it('a fresh database prints no schema-sync warnings', () => {
    expect(lines.some((line) => line.includes('entidades sincronizadas'))).toBe(true);
    expect(lines.filter((line) => line.includes('aviso de sincronização'))).toEqual([]);
  });

  it('a second instance on the same data directory refuses to start, naming the running one, and the first lives on', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'runtime/server/main.ts'], {
      cwd: REPO_ROOT,
      env: { ...process.env, DATA_DIR: dir, PORT: '0', EMBEDDED_PG_PORT: String(busyPort + 1) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(1);
    expect(output).toContain('Outra instância do ERP já usa estes dados');
    expect(output).toContain(`processo ${process.pid}`);
    expect(output).toContain(`PostgreSQL na porta ${busyPort + 1}`);
    // The running instance and its database were left alone.
    expect((await server.app.inject({ method: 'GET', url: '/ping/json' })).statusCode).toBe(200);
    const one = await server.db.withSystem((tx) => tx.one<{ ok: number }>('SELECT 1 AS ok'));
    expect(one.ok).toBe(1);
  }, 120_000);
});

describe('losing PostgreSQL', () => {
  const login = () =>
    server.app.inject({
      method: 'POST',
      url: '/api/Usuarios/login',
      payload: { email: 'ninguem@erp.local', password: 'senha-errada' },
    });

  it('answers 503 while it is down, keeps the process up, and recovers with the job queue when it is back', async () => {
    const worked: string[] = [];
    await server.app.jobs?.createQueue('teste-retomada');
    await server.app.jobs?.work<{ n: number }>('teste-retomada', async (data) => {
      worked.push(`job ${data.n}`);
    });

    await server.embedded?.stop();
    const down = await login();
    expect(down.statusCode).toBe(503);
    expect(down.json().error).toMatchObject({
      code: 'BANCO_INDISPONIVEL',
      message: DATABASE_UNAVAILABLE_MESSAGE,
    });
    expect(down.headers['retry-after']).toBe('5');
    // Give the pools, the job queue and the realtime adapter time to notice: nothing may end the process.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect((await login()).statusCode).toBe(503);

    restarted = await startEmbeddedPostgres({ dir: join(dir, 'pg'), port: busyPort + 1 });
    let back = await login();
    for (let waited = 0; back.statusCode === 503 && waited < 20_000; waited += 500) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      back = await login();
    }
    expect(back.statusCode).toBe(401);

    await server.app.jobs?.send('teste-retomada', { n: 1 });
    for (let waited = 0; worked.length === 0 && waited < 30_000; waited += 500)
      await new Promise((resolve) => setTimeout(resolve, 500));
    expect(worked).toEqual(['job 1']);
  }, 90_000);
});
