import { createHash } from 'node:crypto';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../runtime/server/db/database.ts';
import { seedDemoEstoque } from '../../runtime/server/db/seed/seedDemoEstoque.ts';
import { checkLedgers } from '../../runtime/server/postings/checkLedgers.ts';
import { readSchemaFiles } from '../../runtime/server/schemas/readSchemaFiles.ts';
import {
  type CompanyTable,
  discoverCompanyTables,
} from '../../runtime/server/services/exportacaoEmpresa/companyTables.ts';
import type { ExportManifest } from '../../runtime/server/services/exportacaoEmpresa/exportManifest.ts';
import { importCompanyExport } from '../../runtime/server/services/exportacaoEmpresa/importCompanyExport.ts';
import { PAGE_SIZE, passes, rowJsonSql } from '../../runtime/server/services/exportacaoEmpresa/rowSql.ts';
import { ZipFileReader } from '../../runtime/server/services/exportacaoEmpresa/ZipFileReader.ts';
import { ZipStreamWriter } from '../../runtime/server/services/exportacaoEmpresa/ZipStreamWriter.ts';
import { createTestServer, login, type TestServer } from '../support/testServer.ts';

const DEMO = 1;
const VERDE_MARK = 'Produto exclusivo da Verde 7f3a';
const CHAVE = '35261111222333000181550010000000071000000070';

let source: TestServer;
let target: TestServer;
let dir: string;
let zipPath: string;
let staffToken: string;
const { files } = await readSchemaFiles();

const asQueryable = (db: Database) => ({
  query: async <R extends object>(sql: string, params?: unknown[]) => ({
    rows: await db.withSystem((tx) => tx.query<R>(sql, params)),
  }),
});

async function call(
  server: TestServer,
  token: string,
  method: 'GET' | 'POST',
  url: string,
  payload?: object,
) {
  return server.app.inject({
    method,
    url,
    headers: { authorization: token },
    ...(payload ? { payload } : {}),
  });
}

/** Starts an export as `token` and waits for it to finish; returns the finished record. */
async function exportAs(token: string, empresaId: number) {
  const started = await call(source, token, 'POST', `/api/Empresas/${empresaId}/exportacoes`);
  expect(started.statusCode, started.body).toBe(200);
  const id = started.json().id as number;
  for (let i = 0; i < 120; i++) {
    const list = await call(source, token, 'GET', `/api/Empresas/${empresaId}/exportacoes`);
    const record = (list.json() as Array<{ id: number; status: number }>).find((r) => r.id === id);
    if (record && record.status !== 0)
      return record as { id: number; status: number; bytes: number; sha256: string };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('export did not finish');
}

async function download(token: string, empresaId: number, id: number, name: string): Promise<string> {
  const response = await call(source, token, 'GET', `/api/Empresas/${empresaId}/exportacoes/${id}/arquivo`);
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toContain('application/zip');
  const path = join(dir, name);
  await writeFile(path, response.rawPayload);
  return path;
}

/**
 * SHA-256 of a table's rows of company `empresaId` as the export serialises them, without the ids that
 * belong to each instance (its white-label and plan, mapped by the importer and checked apart).
 */
async function tableChecksum(db: Database, table: CompanyTable, empresaId: number, filiais: number[]) {
  const replace: Record<string, string> = {};
  if (table.columns.some((c) => c.name === 'config_white_label_id'))
    replace.config_white_label_id = 'NULL::bigint';
  if (table.table === 'empresa') replace.plano_id = 'NULL::bigint';
  const hash = createHash('sha256');
  let rows = 0;
  await db.withSystem(async (tx) => {
    await tx.query("SET LOCAL TimeZone = 'UTC'");
    for (const params of passes(table, empresaId, filiais))
      for (let offset = 0; ; offset += PAGE_SIZE) {
        const page = await tx.query<{ j: string }>(rowJsonSql(table, replace, { paged: true }), [
          ...params,
          offset,
        ]);
        for (const row of page) hash.update(row.j);
        rows += page.length;
        if (page.length < PAGE_SIZE) break;
      }
  });
  return { rows, sha256: hash.digest('hex') };
}

/** Rewrites a ZIP, changing the entries `change` returns a new content for. */
async function rewriteZip(
  from: string,
  to: string,
  change: (name: string, content: Buffer) => Buffer | undefined,
  add: Record<string, string> = {},
) {
  const reader = await ZipFileReader.open(from);
  const chunks: Buffer[] = [];
  const { PassThrough } = await import('node:stream');
  const out = new PassThrough();
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  const writer = new ZipStreamWriter(out);
  for (const name of reader.entries.keys()) {
    const parts: Buffer[] = [];
    for await (const chunk of reader.read(name)) parts.push(chunk);
    const content = Buffer.concat(parts);
    await writer.file(name, change(name, content) ?? content);
  }
  for (const [name, content] of Object.entries(add)) await writer.file(name, content);
  await writer.finish();
  await writeFile(to, Buffer.concat(chunks));
}

async function companyRowCount(db: Database, empresaId: number): Promise<number> {
  const tables = await discoverCompanyTables(asQueryable(db), files);
  let total = 0;
  for (const table of tables) {
    const row = await db.withSystem((tx) =>
      tx.one<{ n: number }>(
        `SELECT count(*)::int AS n FROM "${table.table}" WHERE "${table.empresaColumn}" = $1`,
        [empresaId],
      ),
    );
    total += row.n;
  }
  return total;
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'erp-exportacao-'));
  source = await createTestServer({ jobs: {} });
  target = await createTestServer({ seedDemoData: false });
  staffToken = await login(source.app, 'admin@erp.local');
  // Stock documents posted through the engine: the append-only ledger and the balances travel too.
  expect(await seedDemoEstoque(source.db, files)).toBe(true);
  // Rows of the demo company (a category tree: a self reference) and of another company (Verde).
  const demo = await login(source.app, 'demo@erp.local');
  const pai = await call(source, demo, 'POST', '/api/Categorias', { descricao: 'Bebidas' });
  expect(pai.statusCode, pai.body).toBe(200);
  await call(source, demo, 'POST', '/api/Categorias', { descricao: 'Sucos', categoriaPaiId: pai.json().id });
  for (const descricao of ['=HYPERLINK("http://x")', 'Café; moído "extra forte"', 'Pão francês'])
    expect((await call(source, demo, 'POST', '/api/Produtos', { descricao })).statusCode).toBe(200);
  // An authorised NF-e with its XML (branch-scoped table: RLS needs the branch).
  await source.db.withTenant({ empresaId: DEMO, filialId: 1 }, (tx) =>
    tx.query(
      `INSERT INTO nota_fiscal (empresa_id, filial_id, numero, serie, chave, xml)
       VALUES (1, 1, 7, 1, $1, '<nfeProc versao="4.00"><NFe>demo</NFe></nfeProc>')`,
      [CHAVE],
    ),
  );
  const verde = await login(source.app, 'verde@erp.local', 'demo1234', 'verde.localhost');
  const verdeProduto = await source.app.inject({
    method: 'POST',
    url: '/api/Produtos',
    headers: { authorization: verde, host: 'verde.localhost' },
    payload: { descricao: VERDE_MARK },
  });
  expect(verdeProduto.statusCode, verdeProduto.body).toBe(200);
  const record = await exportAs(staffToken, DEMO);
  expect(record.status).toBe(1);
  zipPath = await download(staffToken, DEMO, record.id, 'demo.zip');
  expect(
    createHash('sha256')
      .update(await readFile(zipPath))
      .digest('hex'),
  ).toBe(record.sha256);
}, 120_000);

afterAll(async () => {
  await source?.close();
  await target?.close();
});

describe('company export', () => {
  it('writes JSON, CSV (BOM, ;, pt-BR labels, formulas escaped) and a manifest with checksums', async () => {
    const zip = await ZipFileReader.open(zipPath);
    const manifest = JSON.parse(await zip.text('manifesto.json')) as ExportManifest;
    expect(manifest.empresa.id).toBe(DEMO);
    const tables = manifest.tabelas.map((t) => t.tabela);
    for (const table of ['empresa', 'filial', 'usuario', 'produto', 'categoria'])
      expect(tables).toContain(table);
    expect(tables).not.toContain('access_token');
    expect(tables).not.toContain('exportacao_empresa');
    for (const file of manifest.arquivos) {
      const hash = createHash('sha256');
      for await (const chunk of zip.read(file.nome)) hash.update(chunk);
      expect(hash.digest('hex'), file.nome).toBe(file.sha256);
    }
    const xmls = [...zip.entries.keys()].filter((name) => name.startsWith('xml/nota_fiscal/'));
    expect(xmls).toContain('xml/nota_fiscal/SHA256SUMS');
    const xml = xmls.find((name) => name.endsWith(`-${CHAVE}.xml`)) as string;
    expect(await zip.text(xml)).toBe('<nfeProc versao="4.00"><NFe>demo</NFe></nfeProc>');
    expect(await zip.text('xml/nota_fiscal/SHA256SUMS')).toContain(
      `${createHash('sha256').update('<nfeProc versao="4.00"><NFe>demo</NFe></nfeProc>').digest('hex')}  ${xml}`,
    );
    const csv = await zip.text('planilhas/produto.csv');
    expect(csv.startsWith('\uFEFFID;Empresa;')).toBe(true);
    expect(csv).toContain('Descrição');
    expect(csv).toContain(`'=HYPERLINK(""http://x"")`);
    expect(csv).toContain('"Café; moído ""extra forte"""');
    const usuarios = JSON.parse(await zip.text('dados/usuario.json')) as Array<Record<string, unknown>>;
    expect(usuarios.length).toBeGreaterThan(0);
    for (const usuario of usuarios) expect(usuario.senha_hash).toBeNull();
  });

  it("never contains another company's rows", async () => {
    const zip = await ZipFileReader.open(zipPath);
    const manifest = JSON.parse(await zip.text('manifesto.json')) as ExportManifest;
    for (const table of manifest.tabelas) {
      const rows = JSON.parse(await zip.text(table.json)) as Array<Record<string, unknown>>;
      expect(rows.length, table.tabela).toBe(table.linhas);
      for (const row of rows)
        expect(row[table.tabela === 'empresa' ? 'id' : 'empresa_id'], table.tabela).toBe(DEMO);
    }
    for (const name of zip.entries.keys()) expect(await zip.text(name)).not.toContain(VERDE_MARK);
  });

  it('lets a master user export only their own company; others get 403 in Portuguese', async () => {
    await source.db.withSystem((tx) =>
      tx.query("UPDATE usuario SET master = true WHERE email = 'demo@erp.local'"),
    );
    const master = await login(source.app, 'demo@erp.local');
    const record = await exportAs(master, DEMO);
    expect(record.status).toBe(1);
    const path = await download(master, DEMO, record.id, 'master.zip');
    const zip = await ZipFileReader.open(path);
    for (const name of zip.entries.keys()) expect(await zip.text(name)).not.toContain(VERDE_MARK);
    const other = await call(source, master, 'POST', '/api/Empresas/4/exportacoes');
    expect(other.statusCode).toBe(403);
    const vendedor = await login(source.app, 'vendedor@erp.local');
    for (const [method, url] of [
      ['POST', `/api/Empresas/${DEMO}/exportacoes`],
      ['GET', `/api/Empresas/${DEMO}/exportacoes`],
      ['GET', `/api/Empresas/${DEMO}/exportacoes/${record.id}/arquivo`],
    ] as const) {
      const response = await call(source, vendedor, method, url);
      expect(response.statusCode).toBe(403);
      expect(response.json().error.message).toBe(
        'Somente os usuários master da empresa e a equipe da plataforma podem exportar os dados da empresa.',
      );
    }
    // Back as it was exported: the round trip below compares this database with the first ZIP.
    await source.db.withSystem((tx) =>
      tx.query("UPDATE usuario SET master = false WHERE email = 'demo@erp.local'"),
    );
  });
});

describe('company import', () => {
  it('refuses a changed file, a foreign file and another version, writing nothing', async () => {
    const tampered = join(dir, 'alterado.zip');
    await rewriteZip(zipPath, tampered, (name, content) =>
      name === 'dados/produto.json'
        ? Buffer.from(content.toString('utf8').replace('Pão francês', 'Pão doce'))
        : undefined,
    );
    await expect(importCompanyExport(target.db, files, tampered)).rejects.toThrow(
      'O arquivo "dados/produto.json" foi alterado depois da exportação',
    );
    const xmlChanged = join(dir, 'xml-alterado.zip');
    await rewriteZip(zipPath, xmlChanged, (name) =>
      name.endsWith(`-${CHAVE}.xml`) ? Buffer.from('<nfeProc>outra</nfeProc>') : undefined,
    );
    await expect(importCompanyExport(target.db, files, xmlChanged)).rejects.toThrow(
      /O arquivo "xml\/nota_fiscal\/\d+-\d+\.xml" foi alterado depois da exportação/,
    );
    const foreign = join(dir, 'estranho.zip');
    await writeFile(foreign, 'isto não é um zip');
    await expect(importCompanyExport(target.db, files, foreign)).rejects.toThrow(
      'O arquivo não é uma exportação de empresa deste produto: não é um arquivo ZIP válido.',
    );
    const extra = join(dir, 'extra.zip');
    await rewriteZip(zipPath, extra, () => undefined, { 'dados/intruso.json': '[]' });
    await expect(importCompanyExport(target.db, files, extra)).rejects.toThrow(
      'O arquivo "dados/intruso.json" não consta do manifesto.json',
    );
    const otherVersion = join(dir, 'outra-versao.zip');
    await rewriteZip(zipPath, otherVersion, (name, content) =>
      name === 'manifesto.json'
        ? Buffer.from(
            content.toString('utf8').replace(/"versaoProduto":\s*"[^"]+"/, '"versaoProduto":"0.0.1"'),
          )
        : undefined,
    );
    await expect(importCompanyExport(target.db, files, otherVersion)).rejects.toThrow(
      /Este arquivo foi exportado pela versão 0\.0\.1 do produto .* Importe-o numa instância da mesma versão\./,
    );
    expect(await companyRowCount(target.db, DEMO)).toBe(0);
  });

  it('round trip: the demo company comes out with equal counts and checksums per table', async () => {
    const result = await importCompanyExport(target.db, files, zipPath);
    expect(result.empresaId).toBe(DEMO);
    const manifest = JSON.parse(
      await (await ZipFileReader.open(zipPath)).text('manifesto.json'),
    ) as ExportManifest;
    const sourceTables = await discoverCompanyTables(asQueryable(source.db), files);
    const targetTables = await discoverCompanyTables(asQueryable(target.db), files);
    expect(targetTables.map((t) => t.table)).toEqual(sourceTables.map((t) => t.table));
    let compared = 0;
    for (const table of sourceTables) {
      const before = await tableChecksum(source.db, table, DEMO, manifest.filiais);
      const after = await tableChecksum(target.db, table, DEMO, manifest.filiais);
      expect(after, table.table).toEqual(before);
      compared += before.rows;
    }
    expect(compared).toBe(result.linhas);
    expect(compared).toBeGreaterThan(10);
    // Relations kept (the category tree) and sequences advanced past the imported ids.
    const sucos = await target.db.withTenant({ empresaId: DEMO }, (tx) =>
      tx.one<{ pai: string }>(
        "SELECT p.descricao AS pai FROM categoria c JOIN categoria p ON p.id = c.categoria_pai_id WHERE c.descricao = 'Sucos'",
      ),
    );
    expect(sucos.pai).toBe('Bebidas');
    const whiteLabel = async (db: Database) =>
      db.withSystem((tx) =>
        tx.one<{ id_config: string }>(
          'SELECT w.id_config FROM empresa e JOIN config_white_label w ON w.id = e.config_white_label_id WHERE e.id = $1',
          [DEMO],
        ),
      );
    expect(await whiteLabel(target.db)).toEqual(await whiteLabel(source.db));
    // The stock ledger came across whole: balances recomputed from it match, as at the origin.
    const ledgers = await checkLedgers(target.db);
    expect(ledgers.movimentacoes).toBeGreaterThan(0);
    expect(ledgers.diferencas).toEqual([]);
    const next = await target.db.withTenant({ empresaId: DEMO }, (tx) =>
      tx.one<{ id: number; max: number }>(
        "INSERT INTO produto (empresa_id, descricao) VALUES ($1, 'Novo') RETURNING id, (SELECT max(id) FROM produto) AS max",
        [DEMO],
      ),
    );
    expect(next.id).toBeGreaterThan(0);
    await expect(importCompanyExport(target.db, files, zipPath)).rejects.toThrow(
      `A empresa ${DEMO} já existe nesta instância`,
    );
  });
});
