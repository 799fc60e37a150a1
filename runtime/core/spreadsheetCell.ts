/**
 * Spreadsheet formula injection: a text cell starting with = + - @ (or a tab/carriage return before one) is
 * run as a formula by Excel, LibreOffice and Google Sheets when the file is opened — or re-saved as CSV and
 * opened again. Every CSV and XLSX the product writes passes its text cells through here.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
/** A plain number (as a pt-BR or en-US amount) is data, not a formula: "-10,00", "+5", "-1.234,56". */
const PLAIN_NUMBER = /^[+-]?\d[\d.,]*$/;

/** The text as it is safe to put in a spreadsheet cell: a leading apostrophe when it could start a formula. */
export function neutralizeFormula(text: string): string {
  return FORMULA_START.test(text) && !PLAIN_NUMBER.test(text) ? `'${text}` : text;
}

/** One CSV field (separator `;` by default): formula-neutralised, quoted when it holds quotes, separators or breaks. */
export function csvCell(value: string, separator = ';'): string {
  const text = neutralizeFormula(value);
  return text.includes('"') || text.includes(separator) || /[\r\n]/.test(text)
    ? `"${text.replace(/"/g, '""')}"`
    : text;
}
