import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareArchiving } from '../../runtime/server/backup/archiving.ts';
import type { BackupConfig } from '../../runtime/server/backup/backupConfig.ts';
import { takeBaseBackup } from '../../runtime/server/backup/baseBackup.ts';
import { restoreBackup } from '../../runtime/server/backup/restoreBackup.ts';
import { prepareDatabase } from '../../runtime/server/db/prepareDatabase.ts';
import { seedDemo } from '../../runtime/server/db/seed/seedDemo.ts';
import { seedDemoEstoque } from '../../runtime/server/db/seed/seedDemoEstoque.ts';
import { type EmbeddedServer, startEmbeddedPostgres } from '../../runtime/server/db/startEmbeddedPostgres.ts';
import { checkLedgers } from '../../runtime/server/postings/checkLedgers.ts';
import { readSchemaFiles } from '../../runtime/server/schemas/readSchemaFiles.ts';
import { freePort } from '../support/freePort.ts';
import { createTestServer, login, type TestServer } from '../support/testServer.ts';

/**
 * The restore drill on the product itself: a database prepared as `npm start` prepares it, under continuous
 * archiving; rows written through the API and stock documents posted, a base backup, more writes, a time T,
 * more writes; then the product restored to T in a new directory and started on it. Exactly what was
 * committed up to T is there (per-table checksums taken at T), logins work and the stock ledger checks.
 */
const TABLES = ['produto', 'pessoa', 'movimentacao_estoque', 'saldo_estoque', 'documento_estoque', 'usuario'];
let root: string;
let config: BackupConfig;
let cluster: EmbeddedServer;
let app: TestServer;
let restored: EmbeddedServer | undefined;
let restoredApp: TestServer | undefined;
let target: Date;
let atTarget: Record<string, string>;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** SHA-256 of each table's rows in id order, as the database serialises them. */
async function checksums(url: string): Promise<Record<string, string>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const result: Record<string, string> = {};
    for (const table of TABLES) {
      const { rows } = await client.query<{ sum: string; n: number }>(
        `SELECT encode(sha256(convert_to(coalesce(string_agg(t::text, E'\\n' ORDER BY t.id), ''), 'UTF8')), 'hex') AS sum,
                count(*)::int AS n FROM ${table} t`,
      );
      result[table] = `${rows[0]?.n}:${rows[0]?.sum}`;
    }
    return result;
  } finally {
    await client.end();
  }
}

async function archiveNow(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { rows } = await client.query<{ name: string }>('SELECT pg_walfile_name(pg_switch_wal()) AS name');
  await client.end();
  for (let waited = 0; waited < 20_000; waited += 100) {
    if ((await readdir(join(config.backupDir, 'wal'))).includes(`${rows[0]?.name}.gz`)) return;
    await sleep(100);
  }
  throw new Error('segment not archived');
}

const createProduto = async (token: string, descricao: string) => {
  const response = await app.app.inject({
    method: 'POST',
    url: '/api/Produtos',
    headers: { host: 'localhost', authorization: token },
    payload: { descricao },
  });
  expect(response.statusCode, response.body).toBe(200);
};

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'erp-drill-'));
  const dataDir = join(root, 'data');
  await mkdir(dataDir);
  await writeFile(join(dataDir, 'chave-certificados.key'), `${'cd'.repeat(32)}\n`, { mode: 0o600 });
  const port = await freePort();
  config = {
    dataDir,
    pgDir: join(dataDir, 'pg'),
    backupDir: join(root, 'backup'),
    keep: 7,
    schedule: '03:00',
    passphrase: 'frase do ensaio',
    databaseUrl: undefined,
    embeddedPgPort: port,
  };
  cluster = await startEmbeddedPostgres({
    dir: config.pgDir,
    port,
    postgresFlags: await prepareArchiving(config),
  });
  const admin = new pg.Client({ connectionString: cluster.url });
  await admin.connect();
  await admin.query('CREATE DATABASE erp');
  await admin.end();
  const url = cluster.url.replace(/\/postgres$/, '/erp');
  // As `npm start` prepares a new database.
  const { files } = await readSchemaFiles();
  // The demo companies now; their stock is posted after the base backup, to be replayed from the WAL.
  const { db, tenants } = await prepareDatabase(url, files, { demo: false, max: 2 });
  await seedDemo(db, tenants);
  await db.close();
  app = await createTestServer({ databaseUrl: url });
  const token = await login(app.app, 'demo@erp.local');
  await createProduto(token, 'Antes do backup');
  await takeBaseBackup(config);
  // After the base backup, before T: replayed from the archived WAL.
  await createProduto(token, 'Depois do backup, antes de T');
  expect(await seedDemoEstoque(app.db, files)).toBe(true);
  await archiveNow(url);
  await sleep(1100);
  target = new Date();
  atTarget = await checksums(url);
  await sleep(1100);
  // After T: must not come back.
  await createProduto(token, 'Depois de T');
  await app.app.inject({
    method: 'POST',
    url: '/api/Usuarios/logout',
    headers: { host: 'localhost', authorization: token },
  });
  await archiveNow(url);
}, 180_000);

afterAll(async () => {
  await restoredApp?.close();
  await restored?.stop();
  await app?.close();
  await cluster?.stop();
  if (root) await rm(root, { recursive: true, force: true });
});

describe('restore drill: the product restored to a point in time', () => {
  it('comes back with exactly the rows committed up to T, working logins and a balanced ledger', async () => {
    const dir = join(root, 'restaurado');
    await restoreBackup(config, { target, dir });
    restored = await startEmbeddedPostgres({ dir: join(dir, 'pg'), port: await freePort() });
    const url = restored.url.replace(/\/postgres$/, '/erp');
    expect(await checksums(url)).toEqual(atTarget);
    restoredApp = await createTestServer({ databaseUrl: url });
    const token = await login(restoredApp.app, 'demo@erp.local');
    const produtos = await restoredApp.app.inject({
      method: 'GET',
      url: `/api/Produtos?filter=${encodeURIComponent(JSON.stringify({ where: { descricao: { like: '%backup%' } } }))}`,
      headers: { host: 'localhost', authorization: token },
    });
    expect(
      produtos
        .json()
        .map((row: { descricao: string }) => row.descricao)
        .sort(),
    ).toEqual(['Antes do backup', 'Depois do backup, antes de T']);
    const after = await restoredApp.app.inject({
      method: 'GET',
      url: `/api/Produtos/count?where=${encodeURIComponent(JSON.stringify({ descricao: 'Depois de T' }))}`,
      headers: { host: 'localhost', authorization: token },
    });
    expect(after.json()).toEqual({ count: 0 });
    const ledgers = await checkLedgers(restoredApp.db);
    expect(ledgers.movimentacoes).toBeGreaterThan(0);
    expect(ledgers.diferencas).toEqual([]);
  }, 120_000);
});
