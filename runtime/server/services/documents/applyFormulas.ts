import { evaluateFormula } from '../../../core/formula/evaluateFormula.ts';
import { type FormulaNode, parseFormula } from '../../../core/formula/parseFormula.ts';
import type { EntityField, ResolvedEntity } from '../../../core/resolveEntity.ts';
import { HttpError } from '../../errors.ts';
import { buildRecordQuery } from '../records/buildRecordQuery.ts';
import type { RecordContext } from '../records/recordContext.ts';
import type { RecordEntity } from '../records/recordEntity.ts';

type Row = Record<string, unknown>;
const q = (name: string) => `"${name.replaceAll('"', '""')}"`;
const parsed = new Map<string, FormulaNode>();
const formulaOf = (source: string) => {
  let node = parsed.get(source);
  if (!node) {
    node = parseFormula(source);
    parsed.set(source, node);
  }
  return node;
};
const formulaFields = (entity: ResolvedEntity) =>
  Object.entries(entity.fields).filter((entry): entry is [string, EntityField & { formula: string }] =>
    Boolean(entry[1].formula),
  );
const money = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 6 });
const differs = (a: unknown, b: number) => a !== null && a !== undefined && Math.abs(Number(a) - b) > 0.005;

/** Computes a row's formula fields in declaration order (a formula may read one computed before it). */
function compute(entity: ResolvedEntity, row: Row, items: (collection: string) => Row[]): Row {
  const values: Row = {};
  for (const [name, field] of formulaFields(entity)) {
    const value = evaluateFormula(formulaOf(field.formula), {
      field: (other) => (other in values ? values[other] : row[other]),
      items,
    });
    values[name] = value;
  }
  return values;
}

/** 422 naming the field whose sent value is not what its formula gives. */
function mismatch(
  where: string,
  field: EntityField & { formula: string },
  sent: unknown,
  value: number,
): HttpError {
  return new HttpError(
    422,
    'VALOR_CALCULADO_DIVERGENTE',
    `${where}${field.label}: o valor informado (${money.format(Number(sent))}) difere do calculado (${money.format(value)}) pela fórmula ${field.formula}.`,
  );
}

async function store(context: RecordContext, record: RecordEntity, id: number, values: Row, stored: Row) {
  const changed = Object.entries(values).filter(
    ([name, value]) => Number(stored[name]) !== value || stored[name] === null,
  );
  if (changed.length === 0) return;
  const sets = changed.map(([name], i) => `${q(record.fieldMap[name]?.column ?? name)} = $${i + 2}`);
  await context.tx.query(`UPDATE ${q(record.entity.table)} SET ${sets.join(', ')} WHERE id = $1`, [
    id,
    ...changed.map(([, value]) => value),
  ]);
}

/**
 * Computed fields of a record and of the items of its collections, after a write in the same transaction
 * (DESIGN "one expression language"): the items' formulas first, then the record's (which may sum them);
 * stored by the server, so a total is never typed. A value the request sent that differs from the formula
 * (more than half a centavo) is a 422 naming the field; read-only formula fields are never taken from input.
 * Returns the record's computed values (to answer with), {} when the entity has none.
 */
export async function applyFormulas(context: RecordContext, id: number, body: unknown): Promise<Row> {
  const { record } = context;
  const { entity } = record;
  const sent = (typeof body === 'object' && body !== null ? body : {}) as Row;
  const collections = Object.entries(entity.children)
    .map(([name, spec]) => ({ name, spec, child: context.lookupTarget(spec.entity) }))
    .filter(({ child }) => formulaFields(child.entity).length > 0);
  const own = formulaFields(entity);
  if (own.length === 0 && collections.length === 0) return {};
  const itemsByCollection = new Map<string, Row[]>();
  for (const { name, spec, child } of collections) {
    const { sql, params } = buildRecordQuery(
      child,
      { where: { [spec.foreignKey]: id }, order: ['id ASC'], limit: 1000 },
      context.scope,
    );
    const items = await context.tx.query<Row>(sql, params);
    const sentItems = Array.isArray(sent[name]) ? (sent[name] as Row[]) : [];
    for (const item of items) {
      const values = compute(child.entity, item, () => []);
      const input = sentItems.find(
        (candidate) =>
          candidate.id === item.id ||
          (candidate.numeroItem !== undefined && candidate.numeroItem === item.numeroItem),
      );
      for (const [field, spec] of formulaFields(child.entity))
        if (!spec.readOnly && input && differs(input[field], values[field] as number))
          throw mismatch(`Item ${item.numeroItem ?? item.id}: `, spec, input[field], values[field] as number);
      await store(context, child, item.id as number, values, item);
      Object.assign(item, values);
    }
    itemsByCollection.set(name, items);
  }
  if (own.length === 0) return {};
  const { sql, params } = buildRecordQuery(record, { where: { id }, limit: 1 }, context.scope);
  const row = await context.tx.maybeOne<Row>(sql, params);
  if (!row) return {};
  const values = compute(entity, row, (collection) => itemsByCollection.get(collection) ?? []);
  for (const [field, spec] of own)
    if (!spec.readOnly && differs(sent[field], values[field] as number))
      throw mismatch('', spec, sent[field], values[field] as number);
  await store(context, record, id, values, row);
  return values;
}

/** After a write of an item of a document: the document's formulas (its totals) follow. */
export async function applyParentFormulas(context: RecordContext, parentId: unknown): Promise<void> {
  const parent = context.record.documentParent;
  if (!parent || typeof parentId !== 'number') return;
  await applyFormulas({ ...context, record: context.lookupTarget(parent.entity) }, parentId, {});
}
