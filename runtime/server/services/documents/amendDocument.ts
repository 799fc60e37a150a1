import type { ResolvedEntity } from '../../../core/resolveEntity.ts';
import { createRecord } from '../records/createRecord.ts';
import type { RecordContext } from '../records/recordContext.ts';

const q = (name: string) => `"${name.replaceAll('"', '""')}"`;
type Row = Record<string, unknown>;

/** The values a user could type (not read-only, not computed), as the document holds them. */
function typedValues(entity: ResolvedEntity, row: Row, skip: string[]): Row {
  const values: Row = {};
  for (const [name, field] of Object.entries(entity.fields)) {
    if (field.readOnly || field.formula || skip.includes(name)) continue;
    const value = row[name];
    if (value === undefined) continue;
    // The row as read from the database: dates are Date objects, the API takes ISO text.
    if (value instanceof Date)
      values[name] = field.type === 'date' ? value.toISOString().slice(0, 10) : value.toISOString();
    else values[name] = value;
  }
  return values;
}

/**
 * Amend (Frappe submit / cancel / amend; DESIGN "Documents"): a new record in the document's initial state
 * copying what was typed in `doc` and in each of its child collections, through the same create service
 * as POST /api/<Resource> (validation, relations, a new number, formulas recomputed, history), then linked
 * to the version it replaces: document.amend.previousField ← doc's id, versionField ← doc's version + 1.
 * Returns the new record's id. The caller's transaction holds `doc` locked and has run the estorno.
 */
export async function amendDocument(context: RecordContext, doc: Row): Promise<number> {
  const { tx, record } = context;
  const { entity } = record;
  const amend = entity.document?.amend;
  if (!amend) throw new Error(`${entity.name}: transição amend sem document.amend`);
  const body = typedValues(entity, doc, [
    amend.previousField,
    amend.nextField ?? '',
    amend.versionField ?? '',
  ]);
  for (const [name, spec] of Object.entries(entity.children)) {
    const child = context.lookupTarget(spec.entity).entity;
    const items = (doc[name] as Row[] | undefined) ?? [];
    body[name] = items.map((item) => typedValues(child, item, [spec.foreignKey]));
  }
  const created = await createRecord(context, body);
  const column = (field: string) => q(record.fieldMap[field]?.column ?? field);
  const sets = [`${column(amend.previousField)} = $2`];
  const params: unknown[] = [created.id, doc.id];
  if (amend.versionField) {
    params.push(Number(doc[amend.versionField] ?? 1) + 1);
    sets.push(`${column(amend.versionField)} = $3`);
  }
  await tx.query(`UPDATE ${q(entity.table)} SET ${sets.join(', ')} WHERE id = $1`, params);
  return Number(created.id);
}
