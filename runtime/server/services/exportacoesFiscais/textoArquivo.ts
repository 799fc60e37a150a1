/**
 * Text helpers of the files read by scales and terminals: plain ASCII (a subset of Windows-1252, the
 * code page their loading programs read), fixed widths and CRLF line ends.
 */

/** Line end of every exported file: the loading programs (MGV, Smart, terminal software) run on Windows. */
export const CRLF = '\r\n';

/**
 * The text without accents or characters outside printable ASCII ("Pão de açúcar" → "Pao de acucar"),
 * control characters and `forbidden` characters (a field separator) turned into spaces, spaces squeezed.
 */
export function asciiText(text: string, forbidden = ''): string {
  const plain = text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[ºª°]/g, (char) => ({ º: 'o', ª: 'a', '°': 'o' })[char] ?? ' ')
    .replace(/[^\x20-\x7e]/g, ' ');
  const cleaned = forbidden
    ? [...plain].map((char) => (forbidden.includes(char) ? ' ' : char)).join('')
    : plain;
  return cleaned.replace(/\s+/g, ' ').trim();
}

/** Left-aligned, space-padded and cut to `width`. */
export function padRight(text: string, width: number): string {
  return text.slice(0, width).padEnd(width, ' ');
}

/** A non-negative integer right-aligned with zeros in `width` digits (the caller checks it fits). */
export function zeros(value: number, width: number): string {
  return String(Math.max(0, Math.trunc(value))).padStart(width, '0');
}

/** A price in reais as whole centavos (9.99 → 999), rounded half up as the cash register does. */
export function centavos(preco: number): number {
  return Math.round(preco * 100 + Number.EPSILON);
}

/** The file as the bytes written to disk: ASCII only, so each character is one Windows-1252 byte. */
export function fileBytes(lines: string[]): Buffer {
  return Buffer.from(lines.map((line) => `${line}${CRLF}`).join(''), 'latin1');
}
