import type { CellContext, CellEnumValue } from './CellFormat.ts';

/** The enum value of a code (codes may come as text from the API, e.g. numeric enums). */
export function findEnumValue(value: unknown, context: CellContext): CellEnumValue | undefined {
  if (value === null || value === undefined) return undefined;
  return context.enumValues?.find((item) => String(item.code) === String(value));
}

/** The pt-BR label of one code or of a list of codes (multiple enums), falling back to the code. */
export function enumLabel(value: unknown, context: CellContext): string {
  if (value === null || value === undefined || value === '') return '';
  if (Array.isArray(value)) return value.map((item) => enumLabel(item, context)).join(', ');
  return findEnumValue(value, context)?.label ?? String(value);
}
