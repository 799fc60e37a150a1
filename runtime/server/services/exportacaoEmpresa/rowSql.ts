import type { CompanyTable } from './companyTables.ts';

/** A quoted SQL identifier (names come from the catalog, quoted anyway). */
export const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Rows per page of a paged rowJsonSql. */
export const PAGE_SIZE = 1000;

/**
 * The query that serialises a company table, one JSON text per row, in a fixed order: PostgreSQL's own
 * row_to_json (exact numerics, timestamps with microseconds, bytea as hex), so the export and the
 * importer's verification produce the same bytes. $1 is the empresa, $2 the branch of a branch-scoped
 * table. `replace` puts an SQL expression in place of a column (null for credentials; the importer
 * maps back a white-label id).
 */
export function rowJsonSql(
  table: CompanyTable,
  replace: Record<string, string> = {},
  options: { paged?: boolean } = {},
): string {
  const columns = table.columns.map((c) => {
    const expression = replace[c.name] ?? (c.credential ? `NULL::${c.type}` : ident(c.name));
    return `${expression} AS ${ident(c.name)}`;
  });
  const where = [`${ident(table.empresaColumn)} = $1`];
  if (table.filialScoped) where.push('filial_id = $2');
  // Paged: LIMIT PAGE_SIZE OFFSET $<next> (for readers without a cursor).
  const page = options.paged ? ` LIMIT ${PAGE_SIZE} OFFSET $${table.filialScoped ? 3 : 2}` : '';
  return `SELECT row_to_json(s)::text AS j FROM (SELECT ${columns.join(', ')} FROM ${ident(table.table)}
           WHERE ${where.join(' AND ')} ORDER BY ${table.orderBy.map(ident).join(', ')}${page}) s`;
}

/** Parameters of rowJsonSql for one pass: the empresa, and the branch when the table is branch-scoped. */
export function passes(table: CompanyTable, empresaId: number, filiais: number[]): unknown[][] {
  return table.filialScoped ? filiais.map((filial) => [empresaId, filial]) : [[empresaId]];
}

export { cursorRows } from '../../db/cursorRows.ts';
