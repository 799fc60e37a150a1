import { CUSTOM_COLUMN } from '../../../core/customFields.ts';
import { HttpError } from '../../errors.ts';
import { applyFormulas, applyParentFormulas } from '../documents/applyFormulas.ts';
import { afterChange, beforeChange } from '../documents/documentHooks.ts';
import { assertNotOwnAccess } from './assertNotOwnAccess.ts';
import { assertRelationsExist } from './assertRelationsExist.ts';
import { scopeConditions } from './buildRecordQuery.ts';
import { entityHooks } from './entityHooks.ts';
import { prepareChildren } from './prepareChildren.ts';
import type { RecordContext } from './recordContext.ts';
import { recordNotFound } from './recordNotFound.ts';
import { returnWithChildren } from './returnWithChildren.ts';
import { updateRecordRow } from './updateRecordRow.ts';
import { checkRecordInput, throwFieldIssues } from './validateRecordInput.ts';
import { withoutBlankSecrets } from './withoutBlankSecrets.ts';
import { writeChildren } from './writeChildren.ts';

const q = (name: string) => `"${name.replaceAll('"', '""')}"`;
const STALE = 'Este registro foi alterado por outro usuário. Recarregue a página e tente novamente.';

/** A PUT replaces the whole record: a required field left out is a 422 naming every one missing. */
function assertReplacementComplete(record: RecordContext['record'], body: unknown): void {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return; // checkRecordInput answers it
  const sent = body as Record<string, unknown>;
  const missing = record.writable
    .map((name) => [name, record.entity.fields[name]] as const)
    .filter(([name, field]) => field?.required && !field.writeOnly && sent[name] === undefined)
    .map(([campo, field]) => ({ campo, mensagem: `${field?.label ?? campo}: preenchimento obrigatório` }));
  if (missing.length === 0) return;
  const labels = missing.map((issue) => issue.mensagem.split(':')[0]).join(', ');
  throw new HttpError(
    422,
    'CAMPOS_OBRIGATORIOS',
    `Dados incompletos — a substituição (PUT) exige todos os campos obrigatórios; faltam: ${labels}. Para alterar só alguns campos, use PATCH.`,
    { fields: missing },
  );
}

/**
 * PUT (mode replace: fields left out take their default or are cleared) or PATCH (only the fields sent) of one record. With
 * `versao` in the body the update applies only to that version (409 when someone saved first); every
 * update bumps versao and stamps alteradoEm/alteradoPor. A child collection in the body replaces the
 * stored one in the same transaction (left out: untouched). 404 when absent or another tenant's.
 */
export async function updateRecord(
  context: RecordContext,
  id: number,
  body: unknown,
  mode: 'replace' | 'patch',
): Promise<Record<string, unknown>> {
  const { tx, record, scope } = context;
  const { entity } = record;
  const existsParams: unknown[] = [id];
  const existsWhere = ['id = $1', ...scopeConditions(record, scope, existsParams)].join(' AND ');
  const exists = () => tx.maybeOne(`SELECT 1 FROM ${q(entity.table)} WHERE ${existsWhere}`, existsParams);
  await assertNotOwnAccess(context, id);
  // A posted document (or an item of one) is read-only until cancelled.
  const before = await beforeChange(context, id, 'update');
  const hasChildren = Object.keys(entity.children).length > 0;
  // Items of another tenant's record are never read: a missing parent is a 404 before anything else.
  if (hasChildren && !(await exists())) throw recordNotFound(entity);
  const children = await prepareChildren(context, withoutBlankSecrets(record, body), id);
  if (mode === 'replace') assertReplacementComplete(record, children.body);
  const { input, issues } = checkRecordInput(record, children.body, mode);
  if (issues.length > 0 || children.issues.length > 0) throwFieldIssues([...issues, ...children.issues]);
  const { values, versao } = input;
  // A replacement left out a field: its default when the entity declares one (as a create), else empty —
  // except write-only ones (secrets): a form never has them to send back, so they keep what is stored, and
  // custom fields, which merge (a key left out keeps its value).
  if (mode === 'replace')
    for (const field of record.writable)
      if (!(field in values) && !entity.fields[field]?.writeOnly && field !== CUSTOM_COLUMN)
        values[field] = structuredClone(entity.fields[field]?.default ?? null);
  await assertRelationsExist(tx, record, values, scope, context.lookupTarget);
  await entityHooks(entity.base).beforeUpdate?.(context, id, values);
  const row = await updateRecordRow(tx, record, scope, id, values, versao);
  if (!row) {
    if (await exists()) throw new HttpError(409, 'REGISTRO_ALTERADO', STALE);
    throw recordNotFound(entity);
  }
  for (const write of children.writes) await writeChildren(context, id, write);
  Object.assign(row, await applyFormulas(context, id, body));
  if (record.documentParent) await applyParentFormulas(context, row[record.documentParent.foreignKey]);
  await afterChange(context, id, before, row);
  await entityHooks(entity.base).afterWrite?.(context, id);
  await entityHooks(entity.base).afterUpdate?.(context, row);
  return returnWithChildren(context, row, children.writes);
}
