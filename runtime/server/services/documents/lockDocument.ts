import { scopeConditions, selectList } from '../records/buildRecordQuery.ts';
import type { RecordContext } from '../records/recordContext.ts';
import { recordNotFound } from '../records/recordNotFound.ts';

const q = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * The document row in API shape, locked FOR UPDATE for the rest of the transaction (a transition, an
 * edit and a delete of the same document queue one after the other); 404 when absent or another tenant's.
 */
export async function lockDocument(context: RecordContext, id: number): Promise<Record<string, unknown>> {
  const { tx, record, scope } = context;
  const params: unknown[] = [id];
  const where = ['id = $1', ...scopeConditions(record, scope, params)].join(' AND ');
  const row = await tx.maybeOne(
    `SELECT ${selectList(record)} FROM ${q(record.entity.table)} WHERE ${where} FOR UPDATE`,
    params,
  );
  if (!row) throw recordNotFound(record.entity);
  return row;
}
