import { FilterError, type IncludeItem, showName } from '../../../core/loopbackFilter.ts';
import type { Tx } from '../../db/database.ts';
import { buildRecordQuery, type RecordScope } from './buildRecordQuery.ts';
import type { RecordEntity } from './recordEntity.ts';

/** Finds the RecordEntity of a relation target; throws (403) when the user may not view it. */
export type TargetResolver = (entity: string) => RecordEntity;
type Row = Record<string, unknown>;

/** Relation fields (or id, for a child collection) an include list needs selected on the parent rows. */
export function includeFields(record: RecordEntity, include: IncludeItem[] | undefined): string[] {
  return (include ?? []).map((item) => {
    const relation = record.entity.relations[item.relation];
    // A child collection is found by the parent's id.
    if (!relation && Object.hasOwn(record.entity.children, item.relation)) return 'id';
    if (!relation || !Object.hasOwn(record.entity.relations, item.relation)) {
      const known = [...Object.keys(record.entity.relations), ...Object.keys(record.entity.children)];
      throw new FilterError(
        `a relação ${showName(item.relation)} não existe${known.length > 0 ? ` (use ${known.join(', ')})` : ''}.`,
      );
    }
    if (item.scope?.include) throw new FilterError('include dentro de scope não é suportado.');
    return relation.field;
  });
}

/**
 * LoopBack include over declared relations: one query per relation for all the rows' ids, scoped by the
 * tenant (RLS) and the target view's fixed values, narrowed by the include's scope (where, fields). The
 * related record lands in the include name ("clienteId" → "cliente"; a list for multiple relations);
 * an id with no visible record is left out.
 */
export async function includeRelations(
  tx: Tx,
  record: RecordEntity,
  rows: Row[],
  include: IncludeItem[] | undefined,
  scope: RecordScope,
  targetOf: TargetResolver,
): Promise<void> {
  for (const item of include ?? []) {
    const relation = record.entity.relations[item.relation];
    if (!relation) continue;
    const ids = new Set<number>();
    for (const row of rows) {
      const value = row[relation.field];
      for (const id of Array.isArray(value) ? value : [value])
        if (Number.isSafeInteger(id)) ids.add(id as number);
    }
    const found = new Map<number, Row>();
    if (ids.size > 0) {
      const target = targetOf(relation.entity);
      const fields = item.scope?.fields;
      const where = { id: { inq: [...ids] } };
      const filter = {
        where: item.scope?.where ? { and: [where, item.scope.where] } : where,
        ...(fields ? { fields } : {}),
        limit: Math.max(ids.size, 1),
      };
      const { sql, params } = buildRecordQuery(target, filter, scope, { extraFields: ['id'] });
      for (const related of await tx.query(sql, params)) found.set(related.id as number, related);
    }
    for (const row of rows) {
      const value = row[relation.field];
      if (relation.multiple) {
        const list = Array.isArray(value) ? value : [];
        row[item.relation] = list
          .map((id) => found.get(id as number))
          .filter((related) => related !== undefined);
      } else {
        const related = found.get(value as number);
        if (related) row[item.relation] = related;
      }
    }
  }
}
