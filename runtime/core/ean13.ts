const L_CODES = [
  '0001101',
  '0011001',
  '0010011',
  '0111101',
  '0100011',
  '0110001',
  '0101111',
  '0111011',
  '0110111',
  '0001011',
];
// R is the complement of L; G is R read backwards (GS1 General Specifications §5.2.1.2).
const R_CODES = L_CODES.map((code) => [...code].map((bit) => (bit === '1' ? '0' : '1')).join(''));
const G_CODES = R_CODES.map((code) => [...code].reverse().join(''));
/** Parity of the left half's six digits, chosen by the first (implicit) digit. */
const PARITY = [
  'LLLLLL',
  'LLGLGG',
  'LLGGLG',
  'LLGGGL',
  'LGLLGG',
  'LGGLLG',
  'LGGGLL',
  'LGLGLG',
  'LGLGGL',
  'LGGLGL',
];

/** GS1 mod-10 check digit of a GTIN body (the digits before the check digit): weights 3,1,3… from the right. */
export function gtinCheckDigit(body: string): number {
  if (!/^\d+$/.test(body)) throw new RangeError('O código deve conter somente dígitos.');
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    const digit = Number(body[body.length - 1 - i]);
    sum += digit * (i % 2 === 0 ? 3 : 1);
  }
  return (10 - (sum % 10)) % 10;
}

/** Whether `code` is a 13-digit EAN whose last digit is the right check digit. */
export function isValidEan13(code: string): boolean {
  return /^\d{13}$/.test(code) && gtinCheckDigit(code.slice(0, 12)) === Number(code[12]);
}

/**
 * EAN-13 modules ('1' bar, '0' space; 95 modules, quiet zones not included) of a 13-digit code with a
 * valid check digit, or of 12 digits (the check digit is appended). Throws a pt-BR RangeError otherwise.
 */
export function encodeEan13(code: string): { digits: string; modules: string } {
  const digits = /^\d{12}$/.test(code) ? `${code}${gtinCheckDigit(code)}` : code;
  if (!/^\d{13}$/.test(digits)) throw new RangeError('O EAN-13 deve ter 12 ou 13 dígitos.');
  if (!isValidEan13(digits)) throw new RangeError('O dígito verificador do EAN-13 não confere.');
  const parity = PARITY[Number(digits[0])] ?? 'LLLLLL';
  let modules = '101';
  for (let i = 1; i <= 6; i++) {
    const digit = Number(digits[i]);
    modules += (parity[i - 1] === 'G' ? G_CODES : L_CODES)[digit];
  }
  modules += '01010';
  for (let i = 7; i <= 12; i++) modules += R_CODES[Number(digits[i])];
  modules += '101';
  return { digits, modules };
}
