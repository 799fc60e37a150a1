/**
 * Spreadsheet cells written from data people typed (names, descriptions, filters): a text starting with
 * `=`, `+`, `-`, `@`, tab or carriage return would be read by Excel/LibreOffice as a formula (CSV
 * injection, e.g. `=HYPERLINK(...)` or DDE). Such text gets a leading apostrophe, which spreadsheet
 * programs read as "this is text". Only text: numbers and dates are written as such by the callers.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/** `value` safe to put in a spreadsheet cell as text. */
export function escapeSpreadsheetText(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** One CSV field: quoted (with doubled quotes) when it holds the separator, a quote or a line break. */
export function csvField(value: string, separator = ';'): string {
  return value.includes(separator) || /["\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** One CSV field holding text: formula-escaped, then quoted as needed. */
export function csvTextField(value: string, separator = ';'): string {
  return csvField(escapeSpreadsheetText(value), separator);
}
