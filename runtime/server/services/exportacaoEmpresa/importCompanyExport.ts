import { createHash, randomBytes } from 'node:crypto';
import type { SchemaFiles } from '../../../core/validateSchemaSet.ts';
import type { Database, Tx } from '../../db/database.ts';
import { hashPassword } from '../passwords.ts';
import {
  type CompanyTable,
  deferredColumns,
  discoverCompanyTables,
  type Queryable,
} from './companyTables.ts';
import type { ExportManifest, ManifestTable } from './exportManifest.ts';
import { ImportRefusal } from './ImportRefusal.ts';
import { ident, PAGE_SIZE, passes, rowJsonSql } from './rowSql.ts';
import { verifyExportZip } from './verifyExportZip.ts';
import type { ZipFileReader } from './ZipFileReader.ts';

/** What an import loaded. */
export interface ImportResult {
  empresaId: number;
  nome: string;
  tabelas: number;
  linhas: number;
}

const BATCH = 500;

/** The JSON rows of dados/<tabela>.json, in batches (one row per line, as the export writes them). */
async function* rowBatches(zip: ZipFileReader, name: string): AsyncGenerator<string[]> {
  let rest = '';
  let batch: string[] = [];
  const take = (line: string) => {
    const trimmed = line.endsWith(',') ? line.slice(0, -1) : line;
    if (trimmed.startsWith('{')) batch.push(trimmed);
  };
  for await (const chunk of zip.read(name)) {
    const lines = (rest + chunk.toString('utf8')).split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) take(line);
    if (batch.length >= BATCH) {
      yield batch;
      batch = [];
    }
  }
  take(rest);
  if (batch.length > 0) yield batch;
}

const asTx = (tx: Tx): Queryable => ({
  query: async (sql, params) => ({ rows: await tx.query(sql, params) }),
});

/** Checks that this database has the same company tables, with the same columns, as the export. */
function matchTables(manifest: ExportManifest, tables: CompanyTable[]): Map<string, ManifestTable> {
  const byName = new Map(manifest.tabelas.map((t) => [t.tabela, t]));
  const differ = tables.filter(
    (t) => byName.get(t.table)?.colunas.join(',') !== t.columns.map((c) => c.name).join(','),
  );
  const missing = manifest.tabelas.filter((t) => !tables.some((table) => table.table === t.tabela));
  if (differ.length > 0 || missing.length > 0) {
    const names = [...differ.map((t) => t.table), ...missing.map((t) => t.tabela)].slice(0, 5).join(', ');
    throw new ImportRefusal(
      `As tabelas deste banco não são as do arquivo (${names}): ele foi exportado por outra versão do produto ou do esquema das entidades. Nada foi importado.`,
    );
  }
  return byName;
}

/**
 * Loads a company export (empresa:import) into this database, in ONE transaction: the ZIP is verified
 * first (verifyExportZip), the company must not exist here and its white-label must; rows keep their
 * ids, tables go in reference order (self references set in a second pass), id sequences are advanced,
 * and every table is serialised again from the database and compared with the manifest's row counts
 * and SHA-256 — any difference rolls everything back. Credentials never travel: users get an unusable
 * password (they use "Esqueci minha senha"), certificates and secret fields come empty.
 */
export async function importCompanyExport(
  db: Database,
  schemas: SchemaFiles,
  path: string,
): Promise<ImportResult> {
  const migracao = await db.withSystem(async (tx) => {
    const row = await tx.one<{ name: string | null }>('SELECT max(name) AS name FROM schema_migrations');
    return row.name ?? '';
  });
  const { zip, manifest } = await verifyExportZip(path, migracao);
  const unusablePassword = await hashPassword(randomBytes(32).toString('hex'));
  return db.withSystem(async (tx) => {
    await tx.query("SET LOCAL TimeZone = 'UTC'");
    await tx.query("SET LOCAL IntervalStyle = 'iso_8601'");
    const { empresa } = manifest;
    if (await tx.maybeOne('SELECT 1 FROM empresa WHERE id = $1', [empresa.id]))
      throw new ImportRefusal(
        `A empresa ${empresa.id} já existe nesta instância; a importação só carrega uma empresa num banco onde ela não existe. Nada foi importado.`,
      );
    const whiteLabel = await tx.maybeOne<{ id: number }>(
      'SELECT id FROM config_white_label WHERE id_config = $1',
      [manifest.whiteLabel.idConfig],
    );
    if (!whiteLabel)
      throw new ImportRefusal(
        `O white label "${manifest.whiteLabel.slug ?? manifest.whiteLabel.idConfig}" da empresa não existe nesta instância; configure-o antes de importar. Nada foi importado.`,
      );
    const plano = manifest.plano
      ? await tx.maybeOne<{ id: number }>(
          'SELECT id FROM plano WHERE config_white_label_id = $1 AND id_externo = $2',
          [whiteLabel.id, manifest.plano.idExterno],
        )
      : undefined;
    const tables = await discoverCompanyTables(asTx(tx), schemas);
    const byName = matchTables(manifest, tables);
    // Values that belong to this instance (its white-label, its plan) and the password placeholder.
    const localValue = (
      table: CompanyTable,
      column: string,
    ): { value: unknown; type: string } | undefined => {
      if (column === 'config_white_label_id') return { value: whiteLabel.id, type: 'bigint' };
      if (table.table === 'empresa' && column === 'plano_id')
        return { value: plano?.id ?? null, type: 'bigint' };
      if (table.table === 'usuario' && column === 'senha_hash')
        return { value: unusablePassword, type: 'text' };
      return undefined;
    };
    let linhas = 0;
    for (const table of tables) {
      const deferred = new Set(deferredColumns(table, tables));
      // Generated columns are computed again by the database from the columns loaded.
      const loaded = table.columns.filter((c) => !c.generated);
      const columns = loaded.map((c) => c.name);
      const params: unknown[] = [];
      const values = loaded.map((c) => {
        if (deferred.has(c.name)) return 'NULL';
        const value = localValue(table, c.name);
        if (value) {
          params.push(value.value);
          return `$${params.length + 1}::${value.type}`;
        }
        return c.credential ? 'NULL' : `x.${ident(c.name)}`;
      });
      const insert = `INSERT INTO ${ident(table.table)} (${columns.map(ident).join(', ')})
        SELECT ${values.join(', ')} FROM json_populate_recordset(NULL::${ident(table.table)}, $1::json) x`;
      const file = byName.get(table.table)?.json ?? `dados/${table.table}.json`;
      for await (const batch of rowBatches(zip, file)) {
        await tx
          .query(insert, [`[${batch.join(',')}]`, ...params])
          .catch((error: { code?: string; detail?: string }) => {
            if (error.code !== '23505') throw error;
            throw new ImportRefusal(
              `Um registro da tabela ${table.table} já existe neste banco (${error.detail ?? 'chave repetida'}): a importação mantém os ids da origem, então só carrega num banco sem esses registros. Nada foi importado.`,
            );
          });
        linhas += batch.length;
      }
      if (deferred.size > 0 && columns.includes('id')) {
        const sets = [...deferred].map((c) => `${ident(c)} = x.${ident(c)}`).join(', ');
        const update = `UPDATE ${ident(table.table)} t SET ${sets}
          FROM json_populate_recordset(NULL::${ident(table.table)}, $1::json) x WHERE t.id = x.id`;
        for await (const batch of rowBatches(zip, file)) await tx.query(update, [`[${batch.join(',')}]`]);
      }
      if (table.idSequence)
        await tx.query(
          `SELECT setval($1::regclass, GREATEST((SELECT coalesce(max(id), 1) FROM ${ident(table.table)}),
             (SELECT last_value FROM ${table.idSequence})))`,
          [table.idSequence],
        );
    }
    await verifyLoaded(tx, manifest, tables, byName);
    return { empresaId: empresa.id, nome: empresa.nome, tabelas: tables.length, linhas };
  });
}

/** Serialises every table again from the database (as the export did) and compares counts and SHA-256. */
async function verifyLoaded(
  tx: Tx,
  manifest: ExportManifest,
  tables: CompanyTable[],
  byName: Map<string, ManifestTable>,
): Promise<void> {
  const checksums = new Map(manifest.arquivos.map((f) => [f.nome, f.sha256]));
  for (const table of tables) {
    const expected = byName.get(table.table);
    if (!expected) continue;
    // The export's own values of what this instance maps: its white-label and plan ids.
    const replace: Record<string, string> = {};
    if (table.columns.some((c) => c.name === 'config_white_label_id'))
      replace.config_white_label_id = `${Number(manifest.whiteLabel.id)}::bigint`;
    if (table.table === 'empresa')
      replace.plano_id = manifest.plano ? `${Number(manifest.plano.id)}::bigint` : 'NULL::bigint';
    const sql = rowJsonSql(table, replace, { paged: true });
    const hash = createHash('sha256');
    let rows = 0;
    hash.update('[');
    for (const params of passes(table, manifest.empresa.id, manifest.filiais)) {
      for (let offset = 0; ; offset += PAGE_SIZE) {
        const page = await tx.query<{ j: string }>(sql, [...params, offset]);
        for (const row of page) {
          hash.update(`${rows === 0 ? '\n' : ',\n'}${row.j}`);
          rows++;
        }
        if (page.length < PAGE_SIZE) break;
      }
    }
    hash.update('\n]\n');
    if (rows !== expected.linhas || hash.digest('hex') !== checksums.get(expected.json))
      throw new ImportRefusal(
        `A verificação depois da carga falhou na tabela ${table.table} (${rows} linhas carregadas, ${expected.linhas} no manifesto, ou checksum diferente). Nada foi importado.`,
      );
  }
}
