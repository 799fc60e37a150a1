import type { IncludeItem } from '../../../core/loopbackFilter.ts';
import type { Tx } from '../../db/database.ts';
import { buildRecordQuery, type RecordScope } from './buildRecordQuery.ts';
import type { TargetResolver } from './includeRelations.ts';
import type { RecordEntity } from './recordEntity.ts';

type Row = Record<string, unknown>;
/** Enough for every item of a page of documents (nItem goes up to 990). */
const CHILDREN_LIMIT = 1_000_000;

/**
 * Include of child collections (`include: ["itens"]`): one query per collection for all the rows' ids,
 * scoped by the tenant (RLS), narrowed by the include's scope (where, fields); each row gets the array of
 * its children ordered by numeroItem when the child has it, else by id ([] when it has none).
 */
export async function includeChildren(
  tx: Tx,
  record: RecordEntity,
  rows: Row[],
  include: IncludeItem[] | undefined,
  scope: RecordScope,
  targetOf: TargetResolver,
): Promise<void> {
  for (const item of include ?? []) {
    if (Object.hasOwn(record.entity.relations, item.relation)) continue;
    const spec = Object.hasOwn(record.entity.children, item.relation)
      ? record.entity.children[item.relation]
      : undefined;
    if (!spec) continue;
    const ids = rows.map((row) => row.id).filter((id) => Number.isSafeInteger(id)) as number[];
    const byParent = new Map<number, Row[]>(ids.map((id) => [id, []]));
    if (ids.length > 0) {
      const child = targetOf(spec.entity);
      const where = { [spec.foreignKey]: { inq: ids } };
      const order = 'numeroItem' in child.entity.fields ? ['numeroItem ASC', 'id ASC'] : ['id ASC'];
      const filter = {
        where: item.scope?.where ? { and: [where, item.scope.where] } : where,
        ...(item.scope?.fields ? { fields: item.scope.fields } : {}),
        order,
        limit: CHILDREN_LIMIT,
      };
      const { sql, params } = buildRecordQuery(child, filter, scope, { extraFields: [spec.foreignKey] });
      for (const related of await tx.query(sql, params))
        byParent.get(related[spec.foreignKey] as number)?.push(related);
    }
    for (const row of rows) row[item.relation] = byParent.get(row.id as number) ?? [];
  }
}
