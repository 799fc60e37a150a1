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

/**
 * Characters outside Latin-1 that pasted names often carry, mapped to their ASCII look-alike (dashes,
 * quotes, ellipsis, bullets, special spaces). Anything else outside Latin-1 loses its diacritics (NFKD) and,
 * if still outside, becomes '?'. Accents inside Latin-1 (ç, ã, é) are kept as they are.
 */
const PARA_ASCII: Record<string, string> = {
  '\u2010': '-',
  '\u2011': '-',
  '\u2012': '-',
  '\u2013': '-',
  '\u2014': '-',
  '\u2015': '-',
  '\u2212': '-',
  '\u2018': "'",
  '\u2019': "'",
  '\u201a': "'",
  '\u201b': "'",
  '\u2032': "'",
  '\u201c': '"',
  '\u201d': '"',
  '\u201e': '"',
  '\u201f': '"',
  '\u2033': '"',
  '\u2026': '...',
  '\u2022': '-',
  '\u00a0': ' ',
  '\u2002': ' ',
  '\u2003': ' ',
  '\u2009': ' ',
  '\u200a': ' ',
  '\u202f': ' ',
  '\u200b': '',
  '\ufeff': '',
  '\u20ac': 'EUR',
  '\u0141': 'L',
  '\u0142': 'l',
  '\u0152': 'OE',
  '\u0153': 'oe',
  '\u0131': 'i',
  '\u0110': 'D',
  '\u0111': 'd',
  '\u2122': 'TM',
};

/** Maps a text to Latin-1 deterministically (see PARA_ASCII); control characters become spaces. */
export function paraLatin1(value: string): string {
  let out = '';
  for (const char of value) {
    const code = char.codePointAt(0) ?? 0;
    if (char in PARA_ASCII) out += PARA_ASCII[char];
    else if (code < 0x20 || (code >= 0x7f && code < 0xa0)) out += ' ';
    else if (code <= 0xff) out += char;
    else {
      const base = char.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
      out += /^[\x20-\x7e\xa0-\xff]+$/.test(base) ? base : '?';
    }
  }
  return out;
}

/** SPED text: one line, no pipe (the field separator), Latin-1 by paraLatin1, trimmed. */
export function spedTexto(value: string | number | null | undefined, max?: number): string {
  const text = paraLatin1(String(value ?? '').replace(/[|\r\n\t]/g, ' '))
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
  const text = paraLatin1(String(value ?? ''))
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

/** The file's bytes: Latin-1 with CRLF after every line (other characters mapped by paraLatin1). */
export function latin1Bytes(lines: string[]): Buffer {
  return Buffer.from(lines.map((line) => `${paraLatin1(line)}${CRLF}`).join(''), 'latin1');
}

/** First and last day (ISO) of a month "AAAA-MM". */
export function limitesMes(periodo: string): { inicio: string; fim: string } {
  const [ano, mes] = periodo.split('-').map(Number) as [number, number];
  const ultimo = new Date(Date.UTC(ano, mes, 0)).getUTCDate();
  const mm = String(mes).padStart(2, '0');
  return { inicio: `${ano}-${mm}-01`, fim: `${ano}-${mm}-${String(ultimo).padStart(2, '0')}` };
}
