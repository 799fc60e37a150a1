import { entityNames, resolveEntity, snakeCase } from '../../../core/resolveEntity.ts';

/** A column as the API names it: the field and its pt-BR label. */
export interface ColumnField {
  campo: string;
  label: string;
}

const SYSTEM: Record<string, ColumnField> = {
  id: { campo: 'id', label: 'Id' },
  empresa_id: { campo: 'empresaId', label: 'Empresa' },
  filial_id: { campo: 'filialId', label: 'Filial' },
  versao: { campo: 'versao', label: 'Versão' },
};
const cache = new WeakMap<object, Map<string, Map<string, ColumnField>>>();

function tablesOf(schemas: Record<string, unknown>): Map<string, Map<string, ColumnField>> {
  let tables = cache.get(schemas);
  if (tables) return tables;
  tables = new Map();
  for (const name of entityNames(schemas)) {
    let entity: ReturnType<typeof resolveEntity>;
    try {
      entity = resolveEntity(name, schemas);
    } catch {
      continue; // A broken entity file is reported by validate-schemas, not here.
    }
    const columns = tables.get(entity.table) ?? new Map<string, ColumnField>();
    for (const [campo, field] of Object.entries(entity.fields)) {
      const column = snakeCase(campo);
      if (!columns.has(column)) columns.set(column, { campo, label: field.label ?? campo });
    }
    tables.set(entity.table, columns);
  }
  cache.set(schemas, tables);
  return tables;
}

/**
 * The API field behind `table.column`, from the entity schemas the request's white-label sees (labels
 * with its patches); system columns by a fixed label; undefined when no entity declares the column.
 */
export function columnField(
  schemas: Record<string, unknown> | undefined,
  table: string | undefined,
  column: string,
): ColumnField | undefined {
  const declared = schemas && table ? tablesOf(schemas).get(table)?.get(column) : undefined;
  return declared ?? SYSTEM[column];
}
