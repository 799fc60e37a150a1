import type { Where } from '../../../core/loopbackFilter.ts';
import { buildRecordQuery } from './buildRecordQuery.ts';
import type { RecordContext } from './recordContext.ts';
import { runFilterQuery } from './runFilterQuery.ts';

/** GET /api/<Resource>/count?where= — how many of the tenant's records match. */
export async function countRecords(
  context: RecordContext,
  where: Where | undefined,
): Promise<{ count: number }> {
  const { sql, params } = buildRecordQuery(context.record, where ? { where } : {}, context.scope, {
    count: true,
  });
  return runFilterQuery(context.tx, where, () => context.tx.one<{ count: number }>(sql, params));
}
