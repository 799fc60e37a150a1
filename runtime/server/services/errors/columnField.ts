import { entityNames, type ResolvedEntity, resolveEntity, snakeCase } from '../../../core/resolveEntity.ts';

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
const cache = new WeakMap<object, Map<string, ResolvedEntity>>();

/**
 * The entity stored in `table`, as the white-label's schemas describe it (labels with its patches): the
 * base entity when views share the table. Undefined when no entity file maps onto it.
 */
export function entityForTable(
  schemas: Record<string, unknown> | undefined,
  table: string | undefined,
): ResolvedEntity | undefined {
  if (!schemas || !table) return undefined;
  let tables = cache.get(schemas);
  if (!tables) {
    tables = new Map();
    for (const name of entityNames(schemas)) {
      try {
        const entity = resolveEntity(name, schemas);
        const known = tables.get(entity.table);
        if (!known || entity.base === entity.name) tables.set(entity.table, entity);
      } catch {
        // A broken entity file is reported by validate-schemas, not here.
      }
    }
    cache.set(schemas, tables);
  }
  return tables.get(table);
}

/** The API field behind a column of `entity` (system columns by a fixed label); undefined when unknown. */
export function columnField(entity: ResolvedEntity | undefined, column: string): ColumnField | undefined {
  for (const [campo, field] of Object.entries(entity?.fields ?? {}))
    if (snakeCase(campo) === column) return { campo, label: field.label ?? campo };
  return SYSTEM[column];
}
