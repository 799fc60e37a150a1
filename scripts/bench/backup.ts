// Backup benchmarks: first the archiving part (scripts/bench/backupArchive.ts: base backup and restore times
// and sizes with 1 M produtos, archive lag under 5 minutes of writes), then the company export part
// (README "Exportar os dados de uma empresa"). BENCH_PARTS=arquivamento or =exportacao runs one of them.
// The export part:
// the demo company, then the demo company plus BENCH_DOCUMENTOS (default 100,000) NF-e, each with a ~3 KB
// authorised XML and two items, exported by exportCompany into a ZIP file (the same streaming path as the
// job), then loaded by importCompanyExport into a fresh database of the same cluster. Prints time, ZIP
// size, rows, files and the process's peak RSS (sampled every 20 ms) for each step; the goal is ≤ 200 MB
// for the export of 100 k documents (streamed, never the company in memory).
// Usage: npx tsx scripts/bench/backup.ts   (BENCH_DOCUMENTOS=10000 for a quick try)

import { createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { finished } from 'node:stream/promises';
import pg from 'pg';
import { createDatabase } from '../../runtime/server/db/database.ts';
import { prepareDatabase } from '../../runtime/server/db/prepareDatabase.ts';
import { readSchemaFiles } from '../../runtime/server/schemas/readSchemaFiles.ts';
import { exportCompany } from '../../runtime/server/services/exportacaoEmpresa/exportCompany.ts';
import { importCompanyExport } from '../../runtime/server/services/exportacaoEmpresa/importCompanyExport.ts';
import { benchArchiving } from './backupArchive.ts';
import { benchDatabase } from './lib/benchDatabase.ts';

const documentos = Number(process.env.BENCH_DOCUMENTOS ?? 100_000);
const pgPort = 56640;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const { files } = await readSchemaFiles();

/** Runs `fn`, sampling this process's RSS every 20 ms; returns its result, seconds and peak RSS. */
async function measure<T>(fn: () => Promise<T>) {
  global.gc?.();
  let peak = process.memoryUsage().rss;
  const before = peak;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  const started = performance.now();
  try {
    const result = await fn();
    return { result, seconds: (performance.now() - started) / 1000, before, peak };
  } finally {
    clearInterval(timer);
  }
}

/** A fake authorised NF-e XML of about 3 KB (the size of a small real nfeProc). */
const XML_SQL = `'<?xml version="1.0" encoding="UTF-8"?><nfeProc versao="4.00" xmlns="http://www.portalfiscal.inf.br/nfe"><NFe><infNFe Id="NFe' || chave || '" versao="4.00">' || repeat('<det><prod><cProd>123</cProd><xProd>PRODUTO DE TESTE</xProd><NCM>22021000</NCM><CFOP>5102</CFOP><uCom>UN</uCom><qCom>1.0000</qCom><vUnCom>10.00</vUnCom></prod></det>', 18) || '</infNFe></NFe></nfeProc>'`;

async function seedDocumentos(url: string, count: number) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(
    `INSERT INTO nota_fiscal (empresa_id, filial_id, numero, serie, chave, data_emissao, valor_produtos, valor_total, situacao, xml)
     SELECT 1, 1 + (g % 2), g, 1, c.chave, now() - make_interval(mins => g), 20, 20, 2, ${XML_SQL}
       FROM generate_series(1, $1::int) g, LATERAL (SELECT '3526111122233300018155001' || lpad(g::text, 19, '0') AS chave) c`,
    [count],
  );
  await client.query(
    `INSERT INTO nota_fiscal_item (empresa_id, filial_id, nota_fiscal_id, numero_item, descricao, quantidade, valor_unitario, valor_total)
     SELECT n.empresa_id, n.filial_id, n.id, i, 'Produto ' || i, 1, 10, 10 FROM nota_fiscal n, generate_series(1, 2) i`,
  );
  await client.query('VACUUM ANALYZE nota_fiscal');
  await client.query('VACUUM ANALYZE nota_fiscal_item');
  await client.end();
}

async function freshDatabase(serverUrl: string, name: string) {
  const admin = new pg.Client({ connectionString: serverUrl.replace(/\/bench$/, '/postgres') });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name}`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = serverUrl.replace(/\/bench$/, `/${name}`);
  return (await prepareDatabase(url, files, { demo: false, max: 3 })).db;
}

const parts = process.env.BENCH_PARTS ?? 'arquivamento,exportacao';
if (parts.includes('arquivamento')) await benchArchiving();
if (!parts.includes('exportacao')) process.exit(0);
const bench = await benchDatabase(pgPort);
const dir = await mkdtemp(join(tmpdir(), 'erp-bench-export-'));
try {
  const db = createDatabase(bench.url, { max: 3 });
  for (const [label, seed] of [
    ['empresa de demonstração', 0],
    [`demonstração + ${documentos.toLocaleString('pt-BR')} NF-e`, documentos],
  ] as const) {
    if (seed > 0) await seedDocumentos(bench.url, seed);
    const path = join(dir, `empresa-${seed}.zip`);
    const exported = await measure(async () => {
      const out = createWriteStream(path);
      const manifest = await exportCompany(db, files, 1, out);
      out.end();
      await finished(out);
      return manifest;
    });
    const size = (await stat(path)).size;
    const linhas = exported.result.tabelas.reduce((sum, t) => sum + t.linhas, 0);
    console.log(
      `exportação (${label}): ${exported.seconds.toFixed(1)} s, ZIP ${mb(size)}, ${linhas.toLocaleString('pt-BR')} linhas, ` +
        `${exported.result.arquivos.length.toLocaleString('pt-BR')} arquivos; RSS ${mb(exported.before)} → pico ${mb(exported.peak)}`,
    );
    const target = await freshDatabase(bench.url, `importa${seed}`);
    const imported = await measure(() => importCompanyExport(target, files, path));
    console.log(
      `importação (${label}): ${imported.seconds.toFixed(1)} s, ${imported.result.linhas.toLocaleString('pt-BR')} linhas conferidas; ` +
        `RSS ${mb(imported.before)} → pico ${mb(imported.peak)}`,
    );
    await target.close();
  }
  await db.close();
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await bench.stop();
  await rm(dir, { recursive: true, force: true });
}
