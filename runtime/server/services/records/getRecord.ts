import type { LoopBackFilter } from '../../../core/loopbackFilter.ts';
import { listRecords } from './listRecords.ts';
import type { RecordContext } from './recordContext.ts';
import { recordNotFound } from './recordNotFound.ts';

/** GET /api/<Resource>/{id}?filter= — one record (fields, include, where); 404 when absent or another tenant's. */
export async function getRecord(
  context: RecordContext,
  id: number,
  filter: LoopBackFilter = {},
): Promise<Record<string, unknown>> {
  const where = filter.where ? { and: [{ id }, filter.where] } : { id };
  const [row] = await listRecords(context, { ...filter, where, limit: 1, skip: 0, order: undefined });
  if (!row) throw recordNotFound(context.record.entity);
  return row;
}
