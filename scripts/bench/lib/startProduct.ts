import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT } from '../../../runtime/server/schemas/readSchemaFiles.ts';
import { freePort } from '../../../tests/support/freePort.ts';

export interface RunningProduct {
  /** http://127.0.0.1:<port> */
  base: string;
  port: number;
  child: ChildProcess;
  /** Seconds from the spawn to the first /ping/json answer. */
  startSeconds: number;
  /** SIGTERM, wait for the exit, remove the data directory the product was given (if it made one). */
  stop(): Promise<void>;
}

/**
 * The product as `npm start` runs it (runtime/server/main.ts under tsx, logs at error level), resolved once
 * it answers /ping/json. Without `env.DATABASE_URL` it gets a fresh DATA_DIR and its own embedded
 * PostgreSQL (demo data seeded on first start). Its stderr is shown only when it fails to start, or
 * passed through with `showLog`. An exit while running ends the bench unless `stop` was called.
 */
export async function startProduct(
  options: { env?: Record<string, string>; showLog?: boolean; timeoutMs?: number } = {},
): Promise<RunningProduct> {
  const port = await freePort();
  const env: Record<string, string> = { PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'error' };
  let dataDir: string | undefined;
  if (!options.env?.DATABASE_URL && !options.env?.DATA_DIR) {
    dataDir = await mkdtemp(join(tmpdir(), 'erp-bench-product-'));
    Object.assign(env, { DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(await freePort()) });
  }
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'runtime/server/main.ts'], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env, ...options.env },
    stdio: ['ignore', options.showLog ? 'inherit' : 'ignore', options.showLog ? 'inherit' : 'pipe'],
  });
  const log: string[] = [];
  child.stderr?.on('data', (chunk: Buffer) => log.push(chunk.toString()));
  let stopping = false;
  child.once('exit', (code) => {
    if (stopping) return;
    console.error(`the product (port ${port}) exited with ${code}:\n${log.join('').slice(-4000)}`);
    process.exit(1);
  });
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (options.timeoutMs ?? 300_000);
  for (;;) {
    try {
      if ((await fetch(`${base}/ping/json`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the product did not answer /ping/json in time:\n${log.join('').slice(-4000)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  return {
    base,
    port,
    child,
    startSeconds: (performance.now() - started) / 1000,
    async stop() {
      stopping = true;
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((resolve) => child.once('exit', resolve));
      }
      if (dataDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
}
