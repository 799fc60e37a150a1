import type { ImportLine, ImportNoun, LoadedFile } from './csvTypes.ts';

/** The lines as the import operations take them: the text of every mapped column (unmapped ones left out). */
export function mappedLines(rows: LoadedFile['rows'], mapping: (string | null)[]): ImportLine[] {
  return rows.map((row) => ({
    linha: row.linha,
    valores: Object.fromEntries(
      mapping.flatMap((campo, index) => (campo ? [[campo, row.cells[index] ?? '']] : [])),
    ),
  }));
}

/** The mapping after column `index` is set to `campo`: a field fills one column, so it leaves any other. */
export function remap(mapping: (string | null)[], index: number, campo: string | null): (string | null)[] {
  return mapping.map((value, position) => (position === index ? campo : value === campo ? null : value));
}

/** The noun of a chosen target row, by the fields `csv.target.noun` names (lower case; gender 'f' or 'm'). */
export function nounOfRow(
  row: Record<string, unknown>,
  fields: { singular: string; plural: string; gender: string },
): ImportNoun {
  return {
    singular: String(row[fields.singular] ?? '').toLowerCase(),
    plural: String(row[fields.plural] ?? '').toLowerCase(),
    gender: row[fields.gender] === 'f' ? 'f' : 'm',
  };
}
