// Backup benchmarks, the archiving part (README "Backups"; the company export part is scripts/bench/backup.ts,
// which runs this first unless BENCH_PARTS says otherwise): an embedded PostgreSQL under continuous
// archiving, prepared as `npm start` prepares it, plus BENCH_PRODUTOS produtos (default 1,000,000). Prints
// the base backup's time and size; the archive lag (segments waiting, age of the last archived one) every
// 10 s during BENCH_LOAD_SECONDS (default 300) of writes from 8 clients; then a restore to the latest point
// into a new directory, its time and size. Goal: a lag of seconds that never grows.

import { mkdir, mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { readArchiverStatus } from '../../runtime/server/backup/archiverStatus.ts';
import { prepareArchiving } from '../../runtime/server/backup/archiving.ts';
import type { BackupConfig } from '../../runtime/server/backup/backupConfig.ts';
import { takeBaseBackup } from '../../runtime/server/backup/baseBackup.ts';
import { restoreBackup } from '../../runtime/server/backup/restoreBackup.ts';
import { prepareDatabase } from '../../runtime/server/db/prepareDatabase.ts';
import { startEmbeddedPostgres } from '../../runtime/server/db/startEmbeddedPostgres.ts';
import { readSchemaFiles } from '../../runtime/server/schemas/readSchemaFiles.ts';
import { seedProdutos } from './lib/seedProdutos.ts';

const produtos = Number(process.env.BENCH_PRODUTOS ?? 1_000_000);
const loadSeconds = Number(process.env.BENCH_LOAD_SECONDS ?? 300);
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

async function sizeOf(path: string): Promise<number> {
  let total = 0;
  for (const entry of await readdir(path, { withFileTypes: true, recursive: true }))
    if (entry.isFile()) total += (await stat(join(entry.parentPath, entry.name))).size;
  return total;
}

export async function benchArchiving(): Promise<void> {
  const root = await mkdtemp(join(tmpdir(), 'erp-bench-backup-'));
  const dataDir = join(root, 'data');
  await mkdir(dataDir);
  await writeFile(join(dataDir, 'chave-certificados.key'), `${'ef'.repeat(32)}\n`, { mode: 0o600 });
  const config: BackupConfig = {
    dataDir,
    pgDir: join(dataDir, 'pg'),
    backupDir: join(root, 'backup'),
    keep: 7,
    schedule: '03:00',
    passphrase: 'frase do bench',
    databaseUrl: undefined,
    embeddedPgPort: 56650,
  };
  const cluster = await startEmbeddedPostgres({
    dir: config.pgDir,
    port: config.embeddedPgPort,
    postgresFlags: await prepareArchiving(config),
  });
  const restoredDir = join(root, 'restaurado');
  let restored: Awaited<ReturnType<typeof startEmbeddedPostgres>> | undefined;
  try {
    const admin = new pg.Client({ connectionString: cluster.url });
    await admin.connect();
    await admin.query('CREATE DATABASE erp');
    const url = cluster.url.replace(/\/postgres$/, '/erp');
    const { files } = await readSchemaFiles();
    const { db } = await prepareDatabase(url, files, { max: 8 });
    let started = performance.now();
    await seedProdutos(url, db, [{ empresaId: 1, count: produtos }]);
    console.log(
      `preparo: demonstração + ${produtos.toLocaleString('pt-BR')} produtos em ${seconds(started)}`,
    );

    started = performance.now();
    const manifest = await takeBaseBackup(config);
    console.log(
      `backup base: ${seconds(started)}, ${mb(manifest.size)} (banco ${mb(await sizeOf(config.pgDir))})`,
    );

    // Writes from 8 clients while the archiver is watched.
    let writing = true;
    let written = 0;
    const writers = Array.from({ length: 8 }, async (_, client) => {
      while (writing) {
        await db.withTenant({ empresaId: 1 }, (tx) =>
          tx.query(
            `INSERT INTO produto (empresa_id, descricao, codigo, preco_venda)
             SELECT 1, 'Carga ' || $1 || '-' || g, 'K' || $1 || '-' || g || '-' || $2, g FROM generate_series(1, 200) g`,
            [client, written],
          ),
        );
        written += 200;
      }
    });
    const samples: Array<{ pending: number; age: number }> = [];
    const end = performance.now() + loadSeconds * 1000;
    while (performance.now() < end) {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const status = await readArchiverStatus((sql) => admin.query(sql));
      const age = status.lastArchivedTime
        ? (Date.now() - new Date(status.lastArchivedTime).getTime()) / 1000
        : -1;
      samples.push({ pending: status.pendingSegments, age });
      if (samples.length % 10 === 0)
        console.log(
          `  ${samples.length} s: ${written.toLocaleString('pt-BR')} linhas escritas, ${status.pendingSegments} segmentos aguardando, último arquivado há ${age.toFixed(1)} s, falhas ${status.failedCount}`,
        );
    }
    writing = false;
    await Promise.all(writers);
    const worst = samples.reduce((max, s) => Math.max(max, s.pending), 0);
    const half = Math.floor(samples.length / 2);
    const firstHalf = samples.slice(0, half).reduce((max, s) => Math.max(max, s.pending), 0);
    const secondHalf = samples.slice(half).reduce((max, s) => Math.max(max, s.pending), 0);
    const ages = samples.map((s) => s.age).sort((a, b) => a - b);
    console.log(
      `arquivamento sob carga (${loadSeconds} s, ${written.toLocaleString('pt-BR')} linhas): segmentos aguardando no máximo ${worst} ` +
        `(1ª metade ${firstHalf}, 2ª metade ${secondHalf}); idade do último arquivado p50 ${ages[Math.floor(ages.length / 2)]?.toFixed(1)} s, máx ${ages.at(-1)?.toFixed(1)} s`,
    );
    await admin.query('SELECT pg_switch_wal()');
    await new Promise((resolve) => setTimeout(resolve, 3000));
    await admin.end();
    await db.close();

    started = performance.now();
    const result = await restoreBackup(config, { target: 'latest', dir: restoredDir });
    console.log(
      `restauração (até o último segmento): ${seconds(started)}, ${mb(await sizeOf(restoredDir))}; ${result.stopLine ?? ''}`,
    );
    restored = await startEmbeddedPostgres({ dir: join(restoredDir, 'pg'), port: config.embeddedPgPort + 1 });
    const check = new pg.Client({ connectionString: restored.url.replace(/\/postgres$/, '/erp') });
    await check.connect();
    const { rows } = await check.query<{ n: number }>('SELECT count(*)::int AS n FROM produto');
    await check.end();
    console.log(`banco restaurado: ${rows[0]?.n.toLocaleString('pt-BR')} produtos`);
  } finally {
    await restored?.stop();
    await cluster.stop();
    await rm(root, { recursive: true, force: true });
  }
}
