import { HttpError } from '../../errors.ts';
import { scopeConditions } from '../records/buildRecordQuery.ts';
import type { RecordContext } from '../records/recordContext.ts';
import { recordNotFound } from '../records/recordNotFound.ts';
import { assertEditable } from './assertEditable.ts';
import { lockDocument } from './lockDocument.ts';
import { nextNumber } from './nextNumber.ts';
import { recordHistory, rowDiff } from './recordHistory.ts';

const q = (name: string) => `"${name.replaceAll('"', '""')}"`;
type Row = Record<string, unknown>;

/** Locks the parent document of a child row and refuses when its state is not editable. */
async function assertParentEditable(context: RecordContext, parentId: unknown, verb: string): Promise<void> {
  const parent = context.record.documentParent;
  if (!parent || typeof parentId !== 'number') return;
  const record = context.lookupTarget(parent.entity);
  const row = await lockDocument({ ...context, record }, parentId).catch((error) => {
    // A missing parent is answered by the relation check of the write itself.
    if (error instanceof HttpError && error.statusCode === 404) return undefined;
    throw error;
  });
  if (row) assertEditable(record.entity, row, verb);
}

/**
 * Before a document is created: its initial state, and its number when the entity declares numbering
 * (gap-free, see nextNumber). Before an item of a document is created: the document must be editable.
 */
export async function beforeCreate(context: RecordContext, values: Row): Promise<void> {
  const { entity } = context.record;
  const parent = context.record.documentParent;
  if (parent) await assertParentEditable(context, values[parent.foreignKey], 'alterad');
  const document = entity.document;
  if (!document) return;
  values[document.statusField] = document.initial;
  if (document.numbering) {
    const serie = document.numbering.serieField ? values[document.numbering.serieField] : undefined;
    values[document.numbering.field] = await nextNumber(context.tx, entity, context.scope, serie);
  }
}

/** History entry of a created document. */
export async function afterCreate(context: RecordContext, row: Row): Promise<void> {
  const { entity } = context.record;
  if (!entity.document) return;
  await recordHistory(context.tx, context.scope, {
    entidade: entity.base,
    registroId: row.id as number,
    acao: 'criar',
    para: entity.document.initial,
  });
}

/**
 * Before a PUT, PATCH or DELETE: a document (or a record of an entity with `lock`) is locked and must be
 * in an editable state, not held by its lock (409 otherwise); an item is checked through its parent. Returns the document row as it was (for the history diff).
 */
export async function beforeChange(
  context: RecordContext,
  id: number,
  change: 'update' | 'delete',
): Promise<Row | undefined> {
  const { record } = context;
  const verb = change === 'update' ? 'alterad' : 'excluíd';
  if (record.documentParent) {
    const column = record.fieldMap[record.documentParent.foreignKey]?.column;
    if (!column) return undefined;
    const params: unknown[] = [id];
    const where = ['id = $1', ...scopeConditions(record, context.scope, params)].join(' AND ');
    const own = await context.tx.maybeOne<{ parent: number }>(
      `SELECT ${q(column)} AS parent FROM ${q(record.entity.table)} WHERE ${where}`,
      params,
    );
    if (!own) throw recordNotFound(record.entity);
    await assertParentEditable(context, Number(own.parent), verb);
    return undefined;
  }
  if (!record.entity.document && !record.entity.lock) return undefined;
  const before = await lockDocument(context, id);
  assertEditable(record.entity, before, verb);
  return record.entity.document ? before : undefined;
}

/** History entry of an updated or deleted document (the fields that changed, before and after). */
export async function afterChange(
  context: RecordContext,
  id: number,
  before: Row | undefined,
  after: Row | undefined,
): Promise<void> {
  const { entity } = context.record;
  if (!entity.document || !before) return;
  await recordHistory(context.tx, context.scope, {
    entidade: entity.base,
    registroId: id,
    acao: after ? 'alterar' : 'excluir',
    diferencas: after ? rowDiff(before, after) : {},
  });
}
