import type { LoopBackFilter } from '../../../core/loopbackFilter.ts';
import { buildRecordQuery } from './buildRecordQuery.ts';
import { includeChildren } from './includeChildren.ts';
import { includeFields, includeRelations } from './includeRelations.ts';
import type { RecordContext } from './recordContext.ts';

/** GET /api/<Resource>?filter= — the tenant's records matching the LoopBack filter, with includes (relations and child collections). */
export async function listRecords(
  context: RecordContext,
  filter: LoopBackFilter,
): Promise<Record<string, unknown>[]> {
  const { tx, record, scope } = context;
  const extraFields = includeFields(record, filter.include);
  const { sql, params } = buildRecordQuery(record, filter, scope, { extraFields });
  const rows = await tx.query(sql, params);
  await includeRelations(tx, record, rows, filter.include, scope, context.targetOf);
  // Items are read with the parent's permission, as they are written.
  await includeChildren(tx, record, rows, filter.include, scope, context.lookupTarget);
  return rows;
}
