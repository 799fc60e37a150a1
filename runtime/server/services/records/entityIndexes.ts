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
 * field, one on (empresa_id) and one on (empresa_id, display); a `singleton` entity also gets a unique index
 * on its tenant columns (one record per empresa or per filial). Tenant columns lead every btree index of
 * an empresa/filial table, so uniqueness is per company (per branch) and RLS-filtered scans use them.
 * A trigram index (`"method": "trigram"`) serves like/ilike with leading wildcards (the grid's quick
 * search and its contains/starts-with filters) over its text columns only: a bitmap scan of it finds
 * the matching rows of every tenant and the tenant condition is checked on those rows.
 */
export function entityIndexes(entity: ResolvedEntity): EntityIndexPlan[] {
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
  return plans;
}
