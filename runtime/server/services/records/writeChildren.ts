import { HttpError } from '../../errors.ts';
import { scopeConditions } from './buildRecordQuery.ts';
import { insertRecordRow } from './insertRecordRow.ts';
import type { ChildWrite } from './prepareChildren.ts';
import type { RecordContext } from './recordContext.ts';
import { updateRecordRow } from './updateRecordRow.ts';

const q = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** A write error of a child names the collection (`itens.numeroItem`), so the form can find it. */
function underCollection(error: unknown, name: string): unknown {
  if (!(error instanceof HttpError)) return error;
  const details = error.details as { fields?: { campo: string; mensagem: string }[] } | undefined;
  if (!details?.fields) return error;
  const fields = details.fields.map((issue) => ({ ...issue, campo: `${name}.${issue.campo}` }));
  return new HttpError(error.statusCode, error.code, error.message, { ...details, fields });
}

/**
 * Replaces a parent's child collection inside the parent's transaction: stored items left out are
 * deleted, items with an id updated (all their fields), the others inserted with the parent's key.
 * Integer fields of a unique index over the parent key (numeroItem) are first moved out of the way, so
 * items can swap numbers.
 */
export async function writeChildren(
  context: RecordContext,
  parentId: number,
  write: ChildWrite,
): Promise<void> {
  const { tx, scope } = context;
  const { record, spec, items } = write;
  const column = (field: string) => record.fieldMap[field]?.column ?? field;
  const kept = items.flatMap((item) => (item.id === undefined ? [] : [item.id]));
  try {
    const params: unknown[] = [parentId, kept];
    const where = [`${q(column(spec.foreignKey))} = $1`, ...scopeConditions(record, scope, params)];
    await tx.query(
      `DELETE FROM ${q(record.entity.table)} WHERE ${where.join(' AND ')} AND NOT (id = ANY($2))`,
      params,
    );
    const numbers = record.indexes
      .filter((index) => index.unique && index.fields.includes(spec.foreignKey))
      .flatMap((index) =>
        index.fields.filter(
          (field) => record.fieldMap[field]?.type === 'integer' && field !== spec.foreignKey,
        ),
      );
    if (kept.length > 0 && numbers.length > 0) {
      const sets = [...new Set(numbers)].map((field) => `${q(column(field))} = -${q(column(field))}`);
      await tx.query(
        `UPDATE ${q(record.entity.table)} SET ${sets.join(', ')} WHERE ${where.join(' AND ')} AND id = ANY($2)`,
        params,
      );
    }
    const writable = record.writable.filter((field) => field !== spec.foreignKey);
    for (const item of items) {
      const values = { ...item.values, [spec.foreignKey]: parentId };
      if (item.id === undefined) {
        await insertRecordRow(tx, record, scope, values);
        continue;
      }
      for (const field of writable) if (!(field in values)) values[field] = null;
      await updateRecordRow(tx, record, scope, item.id, values);
    }
  } catch (error) {
    throw underCollection(error, write.name);
  }
}
