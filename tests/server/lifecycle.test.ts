import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { REPO_ROOT } from '../../runtime/server/schemas/readSchemaFiles.ts';

// `npm start` as a real process: embedded PostgreSQL under DATA_DIR, migrations, demo seed, HTTP.
const port = 56000 + (process.pid % 3000);
const pgPort = port + 1;
let dataDir: string;
let child: ChildProcess | undefined;

async function startApp(extraEnv: Record<string, string> = {}): Promise<ChildProcess> {
  const proc = spawn(process.execPath, ['--import', 'tsx', 'runtime/server/main.ts'], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: String(pgPort),
      LOG_LEVEL: 'warn',
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  proc.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  proc.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  for (let waited = 0; waited < 90_000; waited += 250) {
    if (proc.exitCode !== null) throw new Error(`app exited early:\n${output}`);
    try {
      const response = await fetch(`http://127.0.0.1:${port}/ping/json`);
      if (response.ok) return proc;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`app did not start:\n${output}`);
}

async function api(path: string, init: RequestInit = {}) {
  const response = await fetch(`http://127.0.0.1:${port}${path}`, {
    ...init,
    headers: { 'content-type': 'application/json', ...(init.headers ?? {}) },
  });
  return { status: response.status, body: await response.json().catch(() => null) };
}

afterAll(async () => {
  if (child && child.exitCode === null) child.kill('SIGKILL');
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('npm start lifecycle', () => {
  it('starts from an empty DATA_DIR, survives kill -9 without losing committed data, and shuts down cleanly', async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'erp-lifecycle-'));
    child = await startApp();
    const login = await api('/api/Usuarios/login?include=user', {
      method: 'POST',
      body: JSON.stringify({ email: 'demo@erp.local', password: 'demo1234' }),
    });
    expect(login.status).toBe(200);

    const signUp = await api('/api/Usuarios/cadastro', {
      method: 'POST',
      body: JSON.stringify({
        email: 'duravel@exemplo.com.br',
        senha: 'segredo1',
        confirmaSenha: 'segredo1',
        nome: 'Dora Durável',
        empresa: 'Durável Comércio Ltda',
        telefone: '(11) 98765-4321',
        cpfCnpj: '45.997.418/0001-53',
        regime: 1,
      }),
    });
    expect(signUp.status).toBe(200);

    child.kill('SIGKILL');
    await new Promise((resolve) => child?.once('exit', resolve));
    // The embedded PostgreSQL was left running by the killed app; the next start must cope.
    expect(existsSync(join(dataDir, 'pg', 'postmaster.pid'))).toBe(true);

    child = await startApp();
    const again = await api('/api/Usuarios/login', {
      method: 'POST',
      body: JSON.stringify({ email: 'duravel@exemplo.com.br', password: 'segredo1' }),
    });
    expect(again.status).toBe(200);
    const demoAgain = await api('/api/Usuarios/login', {
      method: 'POST',
      body: JSON.stringify({ email: 'demo@erp.local', password: 'demo1234' }),
    });
    expect(demoAgain.status).toBe(200);

    child.kill('SIGTERM');
    const code = await new Promise((resolve) => child?.once('exit', resolve));
    expect(code).toBe(0);
    expect(existsSync(join(dataDir, 'pg', 'postmaster.pid'))).toBe(false);
  }, 240_000);

  it('runs the same code against an external PostgreSQL given by DATABASE_URL (no embedded server)', async () => {
    const serverUrl = inject('pgServerUrl');
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query('CREATE DATABASE externo');
    await admin.end();
    const externalDir = await mkdtemp(join(tmpdir(), 'erp-external-'));
    try {
      child = await startApp({
        DATABASE_URL: serverUrl.replace(/\/postgres$/, '/externo'),
        DATA_DIR: externalDir,
      });
      const login = await api('/api/Usuarios/login', {
        method: 'POST',
        body: JSON.stringify({ email: 'demo@erp.local', password: 'demo1234' }),
      });
      expect(login.status).toBe(200);
      expect(existsSync(join(externalDir, 'pg'))).toBe(false);
      child.kill('SIGTERM');
      expect(await new Promise((resolve) => child?.once('exit', resolve))).toBe(0);
    } finally {
      await rm(externalDir, { recursive: true, force: true });
    }
  }, 240_000);
});
