import { applyParentFormulas } from '../documents/applyFormulas.ts';
import { afterChange, beforeChange } from '../documents/documentHooks.ts';
import { scopeConditions } from './buildRecordQuery.ts';
import { inUseError } from './inUseError.ts';
import type { RecordContext } from './recordContext.ts';
import { recordNotFound } from './recordNotFound.ts';
import { translateWriteError } from './translateWriteError.ts';

/** DELETE /api/<Resource>/{id} — LoopBack answer {count: 1}; 404 when absent or another tenant's, 409 when in use. */
export async function deleteRecord(context: RecordContext, id: number): Promise<{ count: number }> {
  const { tx, record, scope, lookupTarget } = context;
  const params: unknown[] = [id];
  const where = ['id = $1', ...scopeConditions(record, scope, params)].join(' AND ');
  const before = await beforeChange(context, id, 'delete');
  let deleted: unknown;
  // A savepoint keeps the transaction usable after a foreign-key violation, to count who holds the row.
  await tx.query('SAVEPOINT excluir_registro');
  try {
    const parentColumn = record.documentParent
      ? record.fieldMap[record.documentParent.foreignKey]?.column
      : undefined;
    deleted = await tx.maybeOne(
      `DELETE FROM "${record.entity.table}" WHERE ${where} RETURNING id${parentColumn ? `, "${parentColumn}" AS parent` : ''}`,
      params,
    );
  } catch (error) {
    const violation = (error ?? {}) as { code?: string; table?: string; constraint?: string };
    if (violation.code === '23503' || violation.code === '23001') {
      await tx.query('ROLLBACK TO SAVEPOINT excluir_registro');
      throw await inUseError(tx, record, id, violation, lookupTarget);
    }
    throw translateWriteError(error, record);
  }
  if (!deleted) throw recordNotFound(record.entity);
  await applyParentFormulas(context, (deleted as { parent?: number }).parent);
  await afterChange(context, id, before, undefined);
  return { count: 1 };
}
