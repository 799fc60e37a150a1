import { createHash } from 'node:crypto';
import { type ResolvedEntity, snakeCase } from '../../../core/resolveEntity.ts';

/** An index the schema sync keeps on an entity table. */
export interface EntityIndexPlan {
  name: string;
  unique: boolean;
  /** btree, or trigram: GIN with gin_trgm_ops on every column (extension pg_trgm). */
  method: 'btree' | 'trigram';
  /** SQL columns, tenant columns first (btree only). */
  columns: string[];
  /** The entity fields it covers (API names), for the 409 of a unique violation. */
  fields: string[];
  /** The one-record-per-scope index of a `singleton` entity (its 409 says the record already exists). */
  singleton?: boolean;
  /** Columns built with the pt-BR text collation (TEXT_COLLATION), as the grid's text sort compiles to. */
  collated?: string[];
}

/**
 * The collation text columns are sorted with in records lists, created by the schema sync: ICU pt-BR
 * ("Ágata" sorts beside "Agenda", case and accents second) or, on a PostgreSQL built without ICU, a copy
 * of "C" (byte order, as before) so queries naming it keep working.
 */
export const TEXT_COLLATION = 'erp_pt_br';

/** What a grid declares about its columns (schemas/entities/<e>/<e>.grid.json): what it sorts and filters on. */
export interface GridIndexHints {
  columns?: Record<string, { sortable?: boolean; filter?: boolean }>;
  searchFields?: string[];
}

/** Whether `field` is a string or text field of `entity` (what a trigram index can cover). */
function isText(entity: ResolvedEntity, field: string): boolean {
  const type = entity.fields[field]?.type;
  return (type === 'string' || type === 'text') && entity.fields[field]?.multiple !== true;
}

/** A PostgreSQL identifier of at most 63 bytes: long names are cut and suffixed with a hash so they stay unique. */
export function sqlIdentifier(name: string): string {
  if (Buffer.byteLength(name) <= 63) return name;
  const hash = createHash('sha1').update(name).digest('hex').slice(0, 8);
  return `${name.slice(0, 54)}_${hash}`;
}

/**
 * The indexes of an entity table: the declared `indexes` (unique or not), a unique index per `unique`
 * field, one per relation its rows are owned by (onDelete cascade: a child collection's foreign key), one on
 * (empresa_id) and one on (empresa_id, display); a `singleton` entity also gets a unique index
 * on its tenant columns (one record per empresa or per filial). Tenant columns lead every btree index of
 * an empresa/filial table, so uniqueness is per company (per branch) and RLS-filtered scans use them.
 * A trigram index (`"method": "trigram"`) serves like/ilike with leading wildcards (the grid's quick
 * search and its contains/starts-with filters) over its text columns only: a bitmap scan of it finds
 * the matching rows of every tenant and the tenant condition is checked on those rows.
 */
export function entityIndexes(entity: ResolvedEntity, grids: GridIndexHints[] = []): EntityIndexPlan[] {
  const tenant =
    entity.scope === 'global' ? [] : entity.scope === 'filial' ? ['empresa_id', 'filial_id'] : ['empresa_id'];
  const plans: EntityIndexPlan[] = [];
  const add = (
    suffix: string,
    fields: string[],
    unique: boolean,
    method: EntityIndexPlan['method'] = 'btree',
  ) => {
    const columns = [...(method === 'btree' ? tenant : []), ...fields.map(snakeCase)];
    const key = `${method}:${columns.join(',')}`;
    if (plans.some((plan) => `${plan.method}:${plan.columns.join(',')}` === key && (plan.unique || !unique)))
      return;
    plans.push({ name: sqlIdentifier(`idx_${entity.table}_${suffix}`), unique, method, columns, fields });
  };
  for (const [name, index] of Object.entries(entity.indexes)) {
    const method = index.method ?? 'btree';
    if (method === 'trigram' && (index.unique || index.fields.some((field) => !isText(entity, field))))
      throw new Error(
        `${entity.name}.indexes.${name}: um índice trigram cobre só campos de texto e não é único`,
      );
    add(snakeCase(name), index.fields, index.unique === true, method);
  }
  for (const [name, field] of Object.entries(entity.fields))
    if (field.unique && !field.multiple) add(`${snakeCase(name)}_unico`, [name], true);
  // A row owned by its parent (onDelete cascade: the items of a document, the contacts of a pessoa) is read,
  // replaced and deleted through the parent's key; without this index each of those scans every row of the
  // company (and a parent's delete the whole table).
  for (const [name, field] of Object.entries(entity.fields))
    if (field.type === 'relation' && !field.multiple && field.relation?.onDelete === 'cascade')
      add(snakeCase(name), [name], false);
  if (entity.scope !== 'global') {
    plans.push({
      name: sqlIdentifier(`idx_${entity.table}_empresa`),
      unique: false,
      method: 'btree',
      columns: ['empresa_id'],
      fields: [],
    });
    if (entity.singleton)
      plans.push({
        name: sqlIdentifier(`idx_${entity.table}_singleton`),
        unique: true,
        method: 'btree',
        columns: tenant,
        fields: [],
        singleton: true,
      });
    if (entity.display && entity.fields[entity.display])
      add(`empresa_${snakeCase(entity.display)}`, [entity.display], false);
  }
  plans.push(...gridIndexes(entity, tenant, plans, grids));
  return withoutRedundant(plans);
}

/**
 * Drops a plain btree whose columns (with their collations) lead another btree: the longer index serves
 * every lookup the shorter one would, and each index costs every insert and every non-HOT update (the
 * ledger and balance tables are written on every posting). Unique and singleton indexes are constraints
 * and stay. Indexes an older sync created are not dropped.
 */
function withoutRedundant(plans: EntityIndexPlan[]): EntityIndexPlan[] {
  const collation = (plan: EntityIndexPlan, column: string) => (plan.collated ?? []).includes(column);
  const covers = (longer: EntityIndexPlan, shorter: EntityIndexPlan) =>
    longer !== shorter &&
    longer.method === 'btree' &&
    longer.columns.length >= shorter.columns.length &&
    shorter.columns.every(
      (column, index) =>
        longer.columns[index] === column && collation(longer, column) === collation(shorter, column),
    ) &&
    (longer.columns.length > shorter.columns.length ||
      longer.unique ||
      plans.indexOf(longer) < plans.indexOf(shorter));
  return plans.filter(
    (plan) =>
      plan.method !== 'btree' || plan.unique || plan.singleton || !plans.some((other) => covers(other, plan)),
  );
}

/**
 * The indexes a grid's declarations ask for (created by the schema sync, never dropped):
 * - a sortable column: btree (tenant columns, column, id) — text columns in TEXT_COLLATION, as the list
 *   sorts them —, so a first block and every keyset block walk the index and stop at the page size;
 * - a filterable text column and the quick search fields: a trigram GIN index (like/ilike "contém",
 *   "começa com"), unless a declared trigram index already covers the column;
 * - a filterable column of another type: btree (tenant columns, column).
 * Also the entity's display field, which lookups sort by, gets its collated (tenant, display, id) index.
 * Fields that are not plain columns of the table (relations' paths, many-valued fields, json) are skipped.
 */
function gridIndexes(
  entity: ResolvedEntity,
  tenant: string[],
  existing: EntityIndexPlan[],
  grids: GridIndexHints[],
): EntityIndexPlan[] {
  const plans: EntityIndexPlan[] = [];
  const indexable = (name: string) => {
    const field = entity.fields[name];
    return !!field && !field.multiple && !field.writeOnly && field.type !== 'json';
  };
  const same = (a: EntityIndexPlan, b: EntityIndexPlan) =>
    a.method === b.method &&
    a.columns.join(',') === b.columns.join(',') &&
    (a.collated ?? []).join(',') === (b.collated ?? []).join(',');
  const add = (plan: EntityIndexPlan) => {
    if (![...existing, ...plans].some((other) => same(other, plan))) plans.push(plan);
  };
  const trigramCovers = (column: string) =>
    [...existing, ...plans].some((plan) => plan.method === 'trigram' && plan.columns.includes(column));
  const sorted = (name: string) => {
    const column = snakeCase(name);
    const text = isText(entity, name);
    add({
      name: sqlIdentifier(`idx_${entity.table}_ordem_${column}`),
      unique: false,
      method: 'btree',
      columns: [...tenant, column, ...(column === 'id' ? [] : ['id'])],
      fields: [],
      ...(text ? { collated: [column] } : {}),
    });
  };
  if (entity.scope !== 'global' && entity.display && indexable(entity.display)) sorted(entity.display);
  for (const grid of grids) {
    for (const [name, column] of Object.entries(grid.columns ?? {})) {
      if (!indexable(name)) continue;
      if (column.sortable) sorted(name);
      if (!column.filter) continue;
      if (isText(entity, name)) {
        if (!trigramCovers(snakeCase(name)))
          add({
            name: sqlIdentifier(`idx_${entity.table}_contem_${snakeCase(name)}`),
            unique: false,
            method: 'trigram',
            columns: [snakeCase(name)],
            fields: [],
          });
      } else if (!column.sortable)
        add({
          name: sqlIdentifier(`idx_${entity.table}_filtro_${snakeCase(name)}`),
          unique: false,
          method: 'btree',
          columns: [...tenant, snakeCase(name)],
          fields: [],
        });
    }
    const search = (grid.searchFields ?? []).filter((name) => indexable(name) && isText(entity, name));
    const uncovered = search.map(snakeCase).filter((column) => !trigramCovers(column));
    if (uncovered.length > 0)
      add({
        name: sqlIdentifier(`idx_${entity.table}_busca_${uncovered.join('_')}`),
        unique: false,
        method: 'trigram',
        columns: uncovered,
        fields: [],
      });
  }
  return plans;
}
