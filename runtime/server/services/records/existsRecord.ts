import { buildRecordQuery } from './buildRecordQuery.ts';
import type { RecordContext } from './recordContext.ts';

/** GET /api/<Resource>/{id}/exists — whether the tenant has this record (another tenant's: false). */
export async function existsRecord(context: RecordContext, id: number): Promise<{ exists: boolean }> {
  const { sql, params } = buildRecordQuery(context.record, { where: { id } }, context.scope, { count: true });
  const { count } = await context.tx.one<{ count: number }>(sql, params);
  return { exists: count > 0 };
}
