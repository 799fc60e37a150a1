import { csvField, csvTextField } from '../../../core/spreadsheetCell.ts';

/**
 * One CSV cell (pt-BR, `;`) of a value as row_to_json gives it: numbers with a decimal comma, booleans
 * Sim/Não, objects as JSON, text formula-escaped (runtime/core/spreadsheetCell.ts), null empty.
 */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return csvField(String(value).replace('.', ','));
  if (typeof value === 'boolean') return value ? 'Sim' : 'Não';
  if (typeof value === 'string') return csvTextField(value);
  return csvTextField(JSON.stringify(value));
}
