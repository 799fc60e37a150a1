import { scopeConditions } from './buildRecordQuery.ts';
import type { RecordContext } from './recordContext.ts';
import { recordNotFound } from './recordNotFound.ts';
import { translateWriteError } from './translateWriteError.ts';

/** DELETE /api/<Resource>/{id} — LoopBack answer {count: 1}; 404 when absent or another tenant's, 409 when in use. */
export async function deleteRecord(context: RecordContext, id: number): Promise<{ count: number }> {
  const { tx, record, scope } = context;
  const params: unknown[] = [id];
  const where = ['id = $1', ...scopeConditions(record, scope, params)].join(' AND ');
  let deleted: unknown;
  try {
    deleted = await tx.maybeOne(`DELETE FROM "${record.entity.table}" WHERE ${where} RETURNING id`, params);
  } catch (error) {
    throw translateWriteError(error, record);
  }
  if (!deleted) throw recordNotFound(record.entity);
  return { count: 1 };
}
