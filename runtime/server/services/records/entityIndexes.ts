import { createHash } from 'node:crypto';
import { type ResolvedEntity, snakeCase } from '../../../core/resolveEntity.ts';

/** An index the schema sync keeps on an entity table. */
export interface EntityIndexPlan {
  name: string;
  unique: boolean;
  /** SQL columns, tenant columns first. */
  columns: string[];
  /** The entity fields it covers (API names), for the 409 of a unique violation. */
  fields: string[];
}

/** A PostgreSQL identifier of at most 63 bytes: long names are cut and suffixed with a hash so they stay unique. */
export function sqlIdentifier(name: string): string {
  if (Buffer.byteLength(name) <= 63) return name;
  const hash = createHash('sha1').update(name).digest('hex').slice(0, 8);
  return `${name.slice(0, 54)}_${hash}`;
}

/**
 * The indexes of an entity table: the declared `indexes` (unique or not), a unique index per `unique`
 * field, one on (empresa_id) and one on (empresa_id, display). Tenant columns lead every index of an
 * empresa/filial table, so uniqueness is per company (per branch) and RLS-filtered scans use them.
 */
export function entityIndexes(entity: ResolvedEntity): EntityIndexPlan[] {
  const tenant =
    entity.scope === 'global' ? [] : entity.scope === 'filial' ? ['empresa_id', 'filial_id'] : ['empresa_id'];
  const plans: EntityIndexPlan[] = [];
  const add = (suffix: string, fields: string[], unique: boolean) => {
    const columns = [...tenant, ...fields.map(snakeCase)];
    const key = columns.join(',');
    if (plans.some((plan) => plan.columns.join(',') === key && (plan.unique || !unique))) return;
    plans.push({ name: sqlIdentifier(`idx_${entity.table}_${suffix}`), unique, columns, fields });
  };
  for (const [name, index] of Object.entries(entity.indexes))
    add(snakeCase(name), index.fields, index.unique === true);
  for (const [name, field] of Object.entries(entity.fields))
    if (field.unique && !field.multiple) add(`${snakeCase(name)}_unico`, [name], true);
  if (entity.scope !== 'global') {
    plans.push({
      name: sqlIdentifier(`idx_${entity.table}_empresa`),
      unique: false,
      columns: ['empresa_id'],
      fields: [],
    });
    if (entity.display && entity.fields[entity.display])
      add(`empresa_${snakeCase(entity.display)}`, [entity.display], false);
  }
  return plans;
}
