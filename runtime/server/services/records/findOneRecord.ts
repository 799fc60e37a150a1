import type { LoopBackFilter } from '../../../core/loopbackFilter.ts';
import { listRecords } from './listRecords.ts';
import type { RecordContext } from './recordContext.ts';
import { recordNotFound } from './recordNotFound.ts';

/** GET /api/<Resource>/findOne?filter= — the first record matching the filter (its order, skip); 404 when none. */
export async function findOneRecord(
  context: RecordContext,
  filter: LoopBackFilter,
): Promise<Record<string, unknown>> {
  const [row] = await listRecords(context, { ...filter, limit: 1 });
  if (!row) throw recordNotFound(context.record.entity);
  return row;
}
