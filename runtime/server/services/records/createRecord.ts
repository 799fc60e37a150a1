import { applyFormulas, applyParentFormulas } from '../documents/applyFormulas.ts';
import { afterCreate, beforeCreate } from '../documents/documentHooks.ts';
import { assertRelationsExist } from './assertRelationsExist.ts';
import { entityHooks } from './entityHooks.ts';
import { insertRecordRow } from './insertRecordRow.ts';
import { prepareChildren } from './prepareChildren.ts';
import type { RecordContext } from './recordContext.ts';
import { returnWithChildren } from './returnWithChildren.ts';
import { checkRecordInput, throwFieldIssues } from './validateRecordInput.ts';
import { withoutBlankSecrets } from './withoutBlankSecrets.ts';
import { writeChildren } from './writeChildren.ts';

/**
 * POST /api/<Resource> — validates the body (defaults applied) and its child collections, checks their
 * relations, inserts the record for the tenant with the view's fixed values and the audit columns, then
 * its children (same transaction), and returns the stored record with the collections sent.
 */
export async function createRecord(context: RecordContext, body: unknown): Promise<Record<string, unknown>> {
  const { tx, record, scope } = context;
  const children = await prepareChildren(context, withoutBlankSecrets(context.record, body), undefined);
  const { input, issues } = checkRecordInput(record, children.body, 'create');
  if (issues.length > 0 || children.issues.length > 0) throwFieldIssues([...issues, ...children.issues]);
  await assertRelationsExist(tx, record, input.values, scope, context.lookupTarget);
  const hooks = entityHooks(record.entity.base);
  await beforeCreate(context, input.values);
  await hooks.beforeCreate?.(context, input.values);
  const row = await insertRecordRow(tx, record, scope, input.values);
  for (const write of children.writes) await writeChildren(context, row.id as number, write);
  Object.assign(row, await applyFormulas(context, row.id as number, body));
  if (record.documentParent) await applyParentFormulas(context, row[record.documentParent.foreignKey]);
  await afterCreate(context, row);
  await hooks.afterCreate?.(context, row);
  await hooks.afterWrite?.(context, row.id as number);
  return returnWithChildren(context, row, children.writes);
}
