/**
 * Field formats of the fiscal files: SPED EFD ICMS/IPI (pipe-delimited, decimal comma, DDMMAAAA) and
 * Sintegra (Convênio ICMS 57/95: fixed 126-column records, AAAAMMDD, implied decimals). Both files are
 * Latin-1 (ISO-8859-1) with CRLF line ends.
 */

export const CRLF = '\r\n';

/** Only the digits of a document number (CNPJ, CPF, IE, CEP, phone). */
export const digits = (value: string | null | undefined): string => (value ?? '').replace(/\D/g, '');

/** Rounds to `decimals` places half away from zero, as the fiscal validators add values. */
export function round(value: number, decimals = 2): number {
  const factor = 10 ** decimals;
  return (Math.sign(value) * Math.round(Math.abs(value) * factor + Number.EPSILON)) / factor;
}

/** SPED number: decimal comma, no thousands separator ("1234,50"); '' for null. */
export function spedNumero(value: number | null | undefined, decimals = 2): string {
  if (value === null || value === undefined || Number.isNaN(value)) return '';
  return round(value, decimals).toFixed(decimals).replace('.', ',');
}

/** SPED date DDMMAAAA of an ISO date (AAAA-MM-DD). */
export function spedData(iso: string | null | undefined): string {
  if (!iso) return '';
  const [ano, mes, dia] = iso.slice(0, 10).split('-');
  return `${dia}${mes}${ano}`;
}

/** SPED text: one line, no pipe (the field separator), characters outside Latin-1 as '?', trimmed. */
export function spedTexto(value: string | number | null | undefined, max?: number): string {
  const text = String(value ?? '')
    .replace(/[|\r\n\t]/g, ' ')
    .replace(/[^\x20-\x7e\xa0-\xff]/g, '?')
    .replace(/\s+/g, ' ')
    .trim();
  return max ? text.slice(0, max) : text;
}

/** One SPED line: |REG|field|…| (the ending pipe included; CRLF is added when the file is written). */
export function spedLinha(fields: Array<string | number | null | undefined>): string {
  return `|${fields.map((field) => (typeof field === 'number' ? String(field) : (field ?? ''))).join('|')}|`;
}

/** Sintegra alphanumeric field: plain upper-case ASCII, left-aligned, space-padded, cut to `width`. */
export function alfa(value: string | number | null | undefined, width: number): string {
  const text = String(value ?? '')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[ºª°]/g, ' ')
    .replace(/[^\x20-\x7e]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .toUpperCase();
  return text.slice(0, width).padEnd(width, ' ');
}

/** Sintegra numeric field: zeros on the left, `decimals` implied places; keeps the rightmost digits. */
export function num(value: number | string | null | undefined, width: number, decimals = 0): string {
  const n = typeof value === 'string' ? Number(digits(value) || 0) : Number(value ?? 0);
  const scaled = Math.max(0, Math.round(Math.abs(n) * 10 ** decimals + Number.EPSILON));
  return String(scaled).padStart(width, '0').slice(-width);
}

/** Sintegra date AAAAMMDD of an ISO date. */
export const sintegraData = (iso: string): string => iso.slice(0, 10).replaceAll('-', '');

/** The file's bytes: Latin-1 with CRLF after every line (characters outside Latin-1 become '?'). */
export function latin1Bytes(lines: string[]): Buffer {
  const text = lines.map((line) => `${line}${CRLF}`).join('');
  return Buffer.from(text.replace(/[\u0100-\u{10ffff}]/gu, '?'), 'latin1');
}

/** First and last day (ISO) of a month "AAAA-MM". */
export function limitesMes(periodo: string): { inicio: string; fim: string } {
  const [ano, mes] = periodo.split('-').map(Number) as [number, number];
  const ultimo = new Date(Date.UTC(ano, mes, 0)).getUTCDate();
  const mm = String(mes).padStart(2, '0');
  return { inicio: `${ano}-${mm}-01`, fim: `${ano}-${mm}-${String(ultimo).padStart(2, '0')}` };
}
