import type { LoopBackFilter } from '../../../core/loopbackFilter.ts';
import { buildRecordQuery } from './buildRecordQuery.ts';
import { includeFields, includeRelations } from './includeRelations.ts';
import type { RecordContext } from './recordContext.ts';

/** GET /api/<Resource>?filter= — the tenant's records matching the LoopBack filter, with includes. */
export async function listRecords(
  context: RecordContext,
  filter: LoopBackFilter,
): Promise<Record<string, unknown>[]> {
  const { tx, record, scope } = context;
  const extraFields = includeFields(record, filter.include);
  const { sql, params } = buildRecordQuery(record, filter, scope, { extraFields });
  const rows = await tx.query(sql, params);
  await includeRelations(tx, record, rows, filter.include, scope, context.targetOf);
  return rows;
}
