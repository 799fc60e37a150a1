import type { ChildCollectionOptions } from '../../views/form/formTypes.ts';

type Row = Record<string, unknown>;

/** Numbers the items 1..n in table order (their numeroItem), when the collection has a number field. */
export function renumber(rows: Row[], numberField: string | undefined): Row[] {
  if (!numberField) return rows;
  return rows.map((row, index) =>
    row[numberField] === index + 1 ? row : { ...row, [numberField]: index + 1 },
  );
}

/** The item with its computed fields (the product of their factors, rounded; empty while a factor is empty). */
export function computeRow(row: Row, compute: ChildCollectionOptions['compute']): Row {
  let next = row;
  for (const [field, rule] of Object.entries(compute)) {
    const factors = rule.multiply.map((name) => next[name]);
    if (!factors.every((value) => typeof value === 'number')) {
      // A factor emptied leaves no product: a stale one would be sent and refused by the server's formula.
      if (typeof next[field] === 'number') next = { ...next, [field]: null };
      continue;
    }
    const scale = 10 ** (rule.round ?? 2);
    const value = Math.round((factors as number[]).reduce((a, b) => a * b, 1) * scale) / scale;
    if (next[field] !== value) next = { ...next, [field]: value };
  }
  return next;
}

/** The item with its empty fields filled from a chosen record (`map`: item field → record field). */
export function fillEmpty(row: Row, map: Record<string, string>, record: Row): Row {
  const next = { ...row };
  for (const [field, source] of Object.entries(map)) {
    const empty = next[field] === undefined || next[field] === null || next[field] === '';
    if (empty && record[source] !== undefined && record[source] !== null) next[field] = record[source];
  }
  return next;
}

/** Sum of a numeric field over the items, in cents precision. */
export function columnTotal(rows: Row[], field: string): number {
  const cents = rows.reduce(
    (sum, row) => sum + (typeof row[field] === 'number' ? Math.round((row[field] as number) * 100) : 0),
    0,
  );
  return cents / 100;
}
