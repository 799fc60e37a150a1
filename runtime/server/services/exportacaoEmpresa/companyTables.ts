import { entityNames, resolveEntity, snakeCase } from '../../../core/resolveEntity.ts';
import type { SchemaFiles } from '../../../core/validateSchemaSet.ts';

/** A connection that runs one query (pg.Client, pg.PoolClient). */
export interface Queryable {
  query<R extends object = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<{ rows: R[] }>;
}

/** One column of a company table as the export writes it. */
export interface CompanyColumn {
  name: string;
  /** SQL type (format_type), for the NULL written in place of a credential. */
  type: string;
  /** pt-BR CSV header: the entity field's label, else a system column's label, else the column name. */
  label: string;
  /** A credential: never leaves the instance (exported as null; see CREDENTIAL_COLUMNS). */
  credential: boolean;
  bytea: boolean;
  /** A generated column (e.g. saldo_estoque.disponivel): exported, recomputed on import, never inserted. */
  generated: boolean;
}

/** A table holding rows of one company, found in the database (RLS policy on app.empresa_id). */
export interface CompanyTable {
  table: string;
  /** The entity whose file maps this table, if any (labels, personal-data marks). */
  entity: string | null;
  /** The column that names the company: empresa_id, or id for the empresa table itself. */
  empresaColumn: string;
  /** RLS shows rows only of the branch in app.filial_id: read once per branch. */
  filialScoped: boolean;
  columns: CompanyColumn[];
  /** Primary key columns (else every column): the order rows are written in. */
  orderBy: string[];
  /** Foreign keys: local columns → referenced table. */
  foreignKeys: Array<{ columns: string[]; target: string }>;
  /** The sequence behind `id`, advanced after an import. */
  idSequence: string | null;
}

/**
 * Credentials stored outside entity `secret` fields: a password hash and the A1 certificate, encrypted
 * with this instance's key (useless elsewhere). Like every `secret` field, they are exported as null.
 */
export const CREDENTIAL_COLUMNS: Record<string, string[]> = {
  usuario: ['senha_hash'],
  certificado_digital: ['arquivo_cifrado', 'senha_cifrada'],
};

const SYSTEM_LABELS: Record<string, string> = {
  id: 'ID',
  empresa_id: 'Empresa',
  filial_id: 'Filial',
  usuario_id: 'Usuário',
  versao: 'Versão',
  criado_em: 'Criado em',
  alterado_em: 'Alterado em',
  criado_por: 'Criado por',
  alterado_por: 'Alterado por',
  config_white_label_id: 'White label',
};

/** Entity file by table, with its column labels and credential columns. */
function entitiesByTable(schemas: SchemaFiles) {
  const byTable = new Map<string, { entity: string; labels: Map<string, string>; secrets: Set<string> }>();
  for (const name of entityNames(schemas)) {
    const entity = resolveEntity(name, schemas);
    if (entity.base !== name) continue;
    const labels = new Map<string, string>();
    const secrets = new Set<string>();
    for (const [field, spec] of Object.entries(entity.fields)) {
      labels.set(snakeCase(field), spec.label);
      if (spec.secret) secrets.add(snakeCase(field));
    }
    byTable.set(entity.table, { entity: name, labels, secrets });
  }
  return byTable;
}

/**
 * Every table of the database that holds a company's rows — no list kept by hand: tables of schema
 * public with Row Level Security and a policy on `app.empresa_id`, in an order where each table comes
 * after the tables it references (references among them that form a cycle, or a table referencing
 * itself, are left to the importer to fill in a second pass).
 */
export async function discoverCompanyTables(
  client: Queryable,
  schemas: SchemaFiles,
): Promise<CompanyTable[]> {
  const { rows: tables } = await client.query<{ table: string; filial: boolean; empresa_id: boolean }>(
    `SELECT c.relname AS table,
            bool_or(pg_get_expr(p.polqual, p.polrelid) LIKE '%app.filial_id%') AS filial,
            EXISTS (SELECT 1 FROM pg_attribute a WHERE a.attrelid = c.oid AND a.attname = 'empresa_id' AND NOT a.attisdropped) AS empresa_id
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace JOIN pg_policy p ON p.polrelid = c.oid
      WHERE n.nspname = 'public' AND c.relkind = 'r' AND c.relrowsecurity
        AND pg_get_expr(p.polqual, p.polrelid) LIKE '%app.empresa_id%'
      GROUP BY c.relname, c.oid ORDER BY c.relname`,
  );
  const names = tables.map((t) => t.table);
  const { rows: columns } = await client.query<{
    table: string;
    name: string;
    type: string;
    generated: boolean;
  }>(
    `SELECT c.relname AS table, a.attname AS name, format_type(a.atttypid, a.atttypmod) AS type,
            a.attgenerated <> '' AS generated
       FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relname = ANY($1) AND a.attnum > 0 AND NOT a.attisdropped
      ORDER BY c.relname, a.attnum`,
    [names],
  );
  const { rows: keys } = await client.query<{
    table: string;
    kind: string;
    columns: string[];
    target: string;
  }>(
    `SELECT c.relname AS table, k.contype AS kind, t.relname AS target,
            array(SELECT a.attname FROM unnest(k.conkey) WITH ORDINALITY u(n, i)
                    JOIN pg_attribute a ON a.attrelid = k.conrelid AND a.attnum = u.n ORDER BY u.i)::text[] AS columns
       FROM pg_constraint k JOIN pg_class c ON c.oid = k.conrelid LEFT JOIN pg_class t ON t.oid = k.confrelid
       JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relname = ANY($1) AND k.contype IN ('p', 'f')`,
    [names],
  );
  const { rows: sequences } = await client.query<{ table: string; sequence: string | null }>(
    `SELECT t AS table, pg_get_serial_sequence(quote_ident(t), 'id') AS sequence FROM unnest($1::text[]) t
      WHERE EXISTS (SELECT 1 FROM information_schema.columns WHERE table_schema = 'public' AND table_name = t AND column_name = 'id')`,
    [names],
  );
  const entities = entitiesByTable(schemas);
  const result: CompanyTable[] = [];
  for (const t of tables) {
    const hasId = columns.some((c) => c.table === t.table && c.name === 'id');
    if (!t.empresa_id && !(t.table === 'empresa' && hasId)) continue;
    const entity = entities.get(t.table);
    const credentials = new Set([...(CREDENTIAL_COLUMNS[t.table] ?? []), ...(entity?.secrets ?? [])]);
    const own = columns.filter((c) => c.table === t.table);
    const primary = keys.find((k) => k.table === t.table && k.kind === 'p');
    result.push({
      table: t.table,
      entity: entity?.entity ?? null,
      empresaColumn: t.empresa_id ? 'empresa_id' : 'id',
      filialScoped: t.filial === true && own.some((c) => c.name === 'filial_id'),
      columns: own.map((c) => ({
        name: c.name,
        type: c.type,
        label: entity?.labels.get(c.name) ?? SYSTEM_LABELS[c.name] ?? c.name,
        credential: credentials.has(c.name),
        bytea: c.type === 'bytea',
        generated: c.generated,
      })),
      orderBy: primary ? primary.columns : own.map((c) => c.name),
      foreignKeys: keys
        .filter((k) => k.table === t.table && k.kind === 'f')
        .map((k) => ({ columns: k.columns, target: k.target }))
        .sort((a, b) => a.target.localeCompare(b.target) || a.columns.join().localeCompare(b.columns.join())),
      idSequence: sequences.find((s) => s.table === t.table)?.sequence ?? null,
    });
  }
  return orderByReferences(result);
}

/** Topological order over the foreign keys among the tables (ties by name; cycles broken by name). */
function orderByReferences(tables: CompanyTable[]): CompanyTable[] {
  const byName = new Map(tables.map((t) => [t.table, t]));
  const done = new Set<string>();
  const visiting = new Set<string>();
  const ordered: CompanyTable[] = [];
  const visit = (table: CompanyTable) => {
    if (done.has(table.table) || visiting.has(table.table)) return;
    visiting.add(table.table);
    for (const fk of table.foreignKeys) {
      const target = byName.get(fk.target);
      if (target && target !== table) visit(target);
    }
    visiting.delete(table.table);
    done.add(table.table);
    ordered.push(table);
  };
  for (const table of tables) visit(table);
  return ordered;
}

/**
 * Foreign keys of `table` pointing at itself or at a table that comes later in `order` (a cycle): the
 * importer inserts those columns as null and sets them once every row is in.
 */
export function deferredColumns(table: CompanyTable, order: CompanyTable[]): string[] {
  const position = new Map(order.map((t, i) => [t.table, i]));
  const own = position.get(table.table) ?? 0;
  const deferred = new Set<string>();
  for (const fk of table.foreignKeys) {
    const at = position.get(fk.target);
    if (at !== undefined && at >= own) for (const column of fk.columns) deferred.add(column);
  }
  return [...deferred];
}
