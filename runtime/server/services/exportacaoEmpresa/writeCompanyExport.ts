import { createHash } from 'node:crypto';
import type { Writable } from 'node:stream';
import type { SchemaFiles } from '../../../core/validateSchemaSet.ts';
import { type CompanyTable, discoverCompanyTables, type Queryable } from './companyTables.ts';
import { csvCell } from './csvCell.ts';
import {
  EXPORT_FORMAT,
  type ExportManifest,
  MANIFEST_NAME,
  type ManifestFile,
  type ManifestTable,
  SUMS_NAME,
} from './exportManifest.ts';
import { PRODUCT_VERSION } from './productVersion.ts';
import { cursorRows, ident, passes, rowJsonSql } from './rowSql.ts';
import { ZipStreamWriter } from './ZipStreamWriter.ts';

/** Progress of an export: tables done of the total, and the table being written. */
export type ExportProgress = (done: number, total: number, table: string) => void | Promise<void>;

export interface CompanyExportInput {
  /**
   * A connection inside a REPEATABLE READ transaction as the RLS-bound role with app.empresa_id set to
   * the company (one snapshot for every table); the writer sets app.filial_id per branch itself.
   */
  client: Queryable;
  schemas: SchemaFiles;
  empresaId: number;
  /** The last migration applied (schema_migrations is not the tenant role's to read). */
  migracao: string;
  out: Writable;
  progress?: ExportProgress;
}

const BOM = '\uFEFF';

/** A ZIP entry whose bytes are hashed and counted as they are written. */
async function hashedEntry(zip: ZipStreamWriter, name: string) {
  const sink = await zip.entry(name);
  const hash = createHash('sha256');
  let bytes = 0;
  return {
    async write(text: string) {
      const chunk = Buffer.from(text, 'utf8');
      hash.update(chunk);
      bytes += chunk.length;
      await sink.write(chunk);
    },
    async end(): Promise<ManifestFile> {
      await sink.end();
      return { nome: name, bytes, sha256: hash.digest('hex') };
    },
  };
}

/** Writes text in blocks of about 256 KB, so one deflate call serves hundreds of rows. */
function buffered(write: (text: string) => Promise<void>) {
  let pending: string[] = [];
  let size = 0;
  return {
    async add(text: string) {
      pending.push(text);
      size += text.length;
      if (size >= 256 * 1024) await this.flush();
    },
    async flush() {
      if (pending.length === 0) return;
      const text = pending.join('');
      pending = [];
      size = 0;
      await write(text);
    },
  };
}

async function setFilial(client: Queryable, params: unknown[]) {
  await client.query("SELECT set_config('app.filial_id', $1, true)", [
    params[1] === undefined ? '' : String(params[1]),
  ]);
}

/** dados/<tabela>.json: a JSON array, one row per line, exactly as rowJsonSql serialises them. */
async function writeJson(
  zip: ZipStreamWriter,
  input: CompanyExportInput,
  table: CompanyTable,
  filiais: number[],
) {
  const entry = await hashedEntry(zip, `dados/${table.table}.json`);
  const out = buffered((text) => entry.write(text));
  let rows = 0;
  await out.add('[');
  for (const params of passes(table, input.empresaId, filiais)) {
    await setFilial(input.client, params);
    for await (const row of cursorRows<{ j: string }>(input.client, rowJsonSql(table), params)) {
      await out.add(`${rows === 0 ? '\n' : ',\n'}${row.j}`);
      rows++;
    }
  }
  await out.add('\n]\n');
  await out.flush();
  return { file: await entry.end(), rows };
}

/** planilhas/<tabela>.csv: UTF-8 with BOM, `;`, pt-BR headers; credentials and files left out. */
async function writeCsv(
  zip: ZipStreamWriter,
  input: CompanyExportInput,
  table: CompanyTable,
  filiais: number[],
) {
  const entry = await hashedEntry(zip, `planilhas/${table.table}.csv`);
  const out = buffered((text) => entry.write(text));
  const columns = table.columns.filter((c) => !c.credential);
  await out.add(`${BOM}${columns.map((c) => csvCell(c.label)).join(';')}\r\n`);
  for (const params of passes(table, input.empresaId, filiais)) {
    await setFilial(input.client, params);
    for await (const row of cursorRows<{ j: string }>(input.client, rowJsonSql(table), params)) {
      const values = JSON.parse(row.j) as Record<string, unknown>;
      const cells = columns.map((c) =>
        c.bytea && values[c.name] !== null
          ? csvCell(`anexos/${table.table}/${c.name}/`)
          : csvCell(values[c.name]),
      );
      await out.add(`${cells.join(';')}\r\n`);
    }
  }
  await out.flush();
  return entry.end();
}

/**
 * The fiscal XMLs (a text column `xml`) as xml/<tabela>/<id>[-<chave>].xml, and stored files (bytea
 * columns) as anexos/<tabela>/<coluna>/<id>: one entry per document, read through a cursor, after the
 * folder's SHA256SUMS (hashed by PostgreSQL, so no checksum list is held in memory).
 */
async function writeFiles(
  zip: ZipStreamWriter,
  input: CompanyExportInput,
  table: CompanyTable,
  filiais: number[],
) {
  if (!table.columns.some((c) => c.name === 'id')) return [];
  const hasChave = table.columns.some((c) => c.name === 'chave');
  const targets = table.columns.filter(
    (c) => !c.credential && (c.bytea || (c.name === 'xml' && c.type === 'text')),
  );
  const files: ManifestFile[] = [];
  for (const column of targets) {
    const where = [`${ident(table.empresaColumn)} = $1`, `${ident(column.name)} IS NOT NULL`];
    if (table.filialScoped) where.push('filial_id = $2');
    const from = `FROM ${ident(table.table)} WHERE ${where.join(' AND ')} ORDER BY id`;
    const chave = hasChave ? 'chave' : 'NULL::text AS chave';
    const folder = column.bytea ? `anexos/${table.table}/${column.name}` : `xml/${table.table}`;
    const nameOf = (row: { id: number; chave: string | null }) =>
      column.bytea
        ? `${folder}/${row.id}`
        : `${folder}/${row.id}${row.chave ? `-${row.chave.replace(/[^0-9A-Za-z]/g, '')}` : ''}.xml`;
    // First the folder's SHA256SUMS (sha256sum format, itself in the manifest), hashed by PostgreSQL:
    // 100,000 checksums are never held in memory. Then the files, in the same order.
    const bytes = column.bytea ? ident(column.name) : `convert_to(${ident(column.name)}, 'UTF8')`;
    const sumsSql = `SELECT id, ${chave}, encode(sha256(${bytes}), 'hex') AS sha256 ${from}`;
    const entry = await hashedEntry(zip, `${folder}/${SUMS_NAME}`);
    const out = buffered((text) => entry.write(text));
    for (const params of passes(table, input.empresaId, filiais)) {
      await setFilial(input.client, params);
      for await (const row of cursorRows<{ id: number; chave: string | null; sha256: string }>(
        input.client,
        sumsSql,
        params,
      )) {
        await out.add(`${row.sha256}  ${nameOf(row)}\n`);
      }
    }
    await out.flush();
    files.push(await entry.end());
    const sql = `SELECT id, ${chave}, ${ident(column.name)} AS conteudo ${from}`;
    for (const params of passes(table, input.empresaId, filiais)) {
      await setFilial(input.client, params);
      for await (const row of cursorRows<{ id: number; chave: string | null; conteudo: string | Buffer }>(
        input.client,
        sql,
        params,
        50,
      ))
        await zip.file(
          nameOf(row),
          typeof row.conteudo === 'string' ? Buffer.from(row.conteudo, 'utf8') : row.conteudo,
        );
    }
  }
  return files;
}

/**
 * Writes one company's ZIP to `out`, streamed: for every table holding the company's rows (found in the
 * database, see discoverCompanyTables) its JSON (what empresa:import loads) and its CSV, the fiscal XMLs
 * and stored files, then manifesto.json with versions, row counts and SHA-256 per file. Rows come through
 * cursors and go straight into the ZIP: memory stays flat whatever the company's size.
 */
export async function writeCompanyExport(input: CompanyExportInput): Promise<ExportManifest> {
  const { client, empresaId } = input;
  await client.query("SET LOCAL TimeZone = 'UTC'; SET LOCAL IntervalStyle = 'iso_8601'");
  const empresa = (
    await client.query<{
      id: number;
      nome: string;
      cpf_cnpj: string | null;
      config_white_label_id: number;
      plano_id: number | null;
    }>('SELECT id, nome, cpf_cnpj, config_white_label_id, plano_id FROM empresa WHERE id = $1', [empresaId])
  ).rows[0];
  if (!empresa) throw new Error(`empresa ${empresaId} não encontrada`);
  const whiteLabel = (
    await client.query<{ id: number; id_config: string; slug: string | null }>(
      'SELECT id, id_config, slug FROM config_white_label WHERE id = $1',
      [empresa.config_white_label_id],
    )
  ).rows[0];
  const plano = empresa.plano_id
    ? (
        await client.query<{ id: number; id_externo: string }>(
          'SELECT id, id_externo FROM plano WHERE id = $1',
          [empresa.plano_id],
        )
      ).rows[0]
    : undefined;
  const filiais = (
    await client.query<{ id: number }>('SELECT id FROM filial WHERE empresa_id = $1 ORDER BY id', [empresaId])
  ).rows.map((r) => r.id);
  const tables = await discoverCompanyTables(client, input.schemas);
  const zip = new ZipStreamWriter(input.out);
  const arquivos: ManifestFile[] = [];
  const tabelas: ManifestTable[] = [];
  for (const [i, table] of tables.entries()) {
    await input.progress?.(i, tables.length, table.table);
    const json = await writeJson(zip, input, table, filiais);
    const csv = await writeCsv(zip, input, table, filiais);
    arquivos.push(json.file, csv, ...(await writeFiles(zip, input, table, filiais)));
    tabelas.push({
      tabela: table.table,
      entidade: table.entity,
      colunas: table.columns.map((c) => c.name),
      linhas: json.rows,
      json: json.file.nome,
      csv: csv.nome,
    });
  }
  const manifest: ExportManifest = {
    formato: EXPORT_FORMAT,
    versaoProduto: PRODUCT_VERSION,
    migracao: input.migracao,
    geradoEm: new Date().toISOString(),
    empresa: { id: empresa.id, nome: empresa.nome, cpfCnpj: empresa.cpf_cnpj },
    whiteLabel: {
      id: whiteLabel?.id ?? empresa.config_white_label_id,
      idConfig: whiteLabel?.id_config ?? '',
      slug: whiteLabel?.slug ?? null,
    },
    plano: plano ? { id: plano.id, idExterno: plano.id_externo } : null,
    filiais,
    tabelas,
    arquivos,
  };
  await zip.file(MANIFEST_NAME, `${JSON.stringify(manifest)}\n`);
  await zip.finish();
  await input.progress?.(tables.length, tables.length, '');
  return manifest;
}
