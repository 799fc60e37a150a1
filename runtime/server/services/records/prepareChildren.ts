import { isPlainObject } from '../../../core/mergePatch.ts';
import type { EntityChild } from '../../../core/resolveEntity.ts';
import { scopeConditions } from './buildRecordQuery.ts';
import { findRelationIssues } from './findRelationIssues.ts';
import type { RecordContext } from './recordContext.ts';
import type { RecordEntity } from './recordEntity.ts';
import { checkRecordInput, type FieldIssue } from './validateRecordInput.ts';

/** One item of a child collection ready to write: its stored id (update) or none (insert). */
export interface ChildItem {
  id?: number;
  values: Record<string, unknown>;
}

/** A child collection sent with its parent: replaces the stored one. */
export interface ChildWrite {
  name: string;
  spec: EntityChild;
  record: RecordEntity;
  items: ChildItem[];
  /** Ids stored for the parent before the write (empty on create). */
  stored: Set<number>;
}

const q = (name: string) => `"${name.replaceAll('"', '""')}"`;
/** Stands for the parent's id while validating the items of a parent not inserted yet. */
const PENDING_PARENT = 1;

/** Ids of the parent's stored children (the tenant's, by RLS and scope). */
async function storedIds(context: RecordContext, child: RecordEntity, spec: EntityChild, parentId: number) {
  const params: unknown[] = [parentId];
  const column = child.fieldMap[spec.foreignKey]?.column ?? spec.foreignKey;
  const where = [`${q(column)} = $1`, ...scopeConditions(child, context.scope, params)].join(' AND ');
  const rows = await context.tx.query<{ id: number }>(
    `SELECT id FROM ${q(child.entity.table)} WHERE ${where}`,
    params,
  );
  return new Set(rows.map((row) => Number(row.id)));
}

/** Items sharing the values of a unique index that includes the parent key: the second one is named. */
function duplicateIssues(
  write: ChildWrite,
  place: (index: number, field: string) => string,
  prefix: (index: number) => string,
) {
  const issues: FieldIssue[] = [];
  for (const index of write.record.indexes) {
    const fields = index.fields.filter((field) => field !== write.spec.foreignKey);
    if (!index.unique || fields.length === index.fields.length || fields.length === 0) continue;
    const seen = new Set<string>();
    write.items.forEach((item, position) => {
      const key = JSON.stringify(fields.map((field) => item.values[field] ?? null));
      if (!seen.has(key)) {
        seen.add(key);
        return;
      }
      const field = fields[fields.length - 1] as string;
      const label = write.record.entity.fields[field]?.label ?? field;
      issues.push({
        campo: place(position, field),
        mensagem: `${prefix(position)}${label}: repetido em outro item`,
      });
    });
  }
  return issues;
}

/**
 * Takes the child collections out of a parent's body and checks them before anything is written: each
 * item against its own entity's validator (as a create, or a replace when it has an id), ids that are not
 * this parent's, repeated values of a unique index, relations the tenant cannot see. Issues name the
 * path (`itens[2].quantidade`) and the item. `parentId` is undefined on create. A collection key left out
 * is not in the result (its children stay as they are).
 */
export async function prepareChildren(
  context: RecordContext,
  body: unknown,
  parentId: number | undefined,
): Promise<{ body: unknown; writes: ChildWrite[]; issues: FieldIssue[] }> {
  const children = context.record.entity.children;
  if (!isPlainObject(body) || Object.keys(children).length === 0) return { body, writes: [], issues: [] };
  const rest: Record<string, unknown> = { ...body };
  const writes: ChildWrite[] = [];
  const issues: FieldIssue[] = [];
  for (const [name, spec] of Object.entries(children)) {
    if (!Object.hasOwn(body, name) || body[name] === undefined) continue;
    const value = body[name];
    delete rest[name];
    const label = spec.label ?? name;
    if (value !== null && !Array.isArray(value)) {
      issues.push({ campo: name, mensagem: `${label}: envie uma lista de itens` });
      continue;
    }
    const record = context.lookupTarget(spec.entity);
    const place = (index: number, field: string) => `${name}[${index}].${field}`;
    const prefix = (index: number) => `${label}, item ${index + 1} — `;
    const stored =
      parentId === undefined ? new Set<number>() : await storedIds(context, record, spec, parentId);
    const write: ChildWrite = { name, spec, record, items: [], stored };
    for (const [index, raw] of (value ?? []).entries()) {
      if (!isPlainObject(raw)) {
        issues.push({
          campo: `${name}[${index}]`,
          mensagem: `${prefix(index)}envie um objeto com os campos do item`,
        });
        continue;
      }
      const { id, versao: _versao, ...item } = raw;
      if (id !== undefined && id !== null && !stored.has(id as number)) {
        issues.push({
          campo: place(index, 'id'),
          mensagem: `${prefix(index)}o item id ${JSON.stringify(id)} não pertence a este registro de ${context.record.entity.label.toLowerCase()}`,
        });
        continue;
      }
      const parentKey = item[spec.foreignKey];
      if (parentKey !== undefined && parentKey !== null && parentId !== undefined && parentKey !== parentId) {
        const fieldLabel = record.entity.fields[spec.foreignKey]?.label ?? spec.foreignKey;
        issues.push({
          campo: place(index, spec.foreignKey),
          mensagem: `${prefix(index)}${fieldLabel}: o item só pode pertencer a este registro`,
        });
        continue;
      }
      item[spec.foreignKey] = parentId ?? PENDING_PARENT;
      const mode = id === undefined || id === null ? 'create' : 'replace';
      const checked = checkRecordInput(record, item, mode);
      for (const issue of checked.issues)
        issues.push({ campo: place(index, issue.campo), mensagem: `${prefix(index)}${issue.mensagem}` });
      delete checked.input.values[spec.foreignKey];
      write.items.push({ ...(mode === 'replace' ? { id: id as number } : {}), values: checked.input.values });
    }
    if (write.items.length === (value ?? []).length) {
      issues.push(...duplicateIssues(write, place, prefix));
      const rows = write.items.map((item) => item.values);
      const related = await findRelationIssues(
        context.tx,
        record,
        rows,
        context.scope,
        context.lookupTarget,
        { path: place, prefix },
        spec.foreignKey,
      );
      issues.push(...related);
    }
    writes.push(write);
  }
  return { body: rest, writes, issues };
}
