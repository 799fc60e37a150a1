import { CURRENCY } from './constants.ts';
import { roundMoney } from './roundMoney.ts';

/** Groups the integer digits in thousands: '1234567' → '1.234.567'. */
function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, CURRENCY.thousands);
}

/**
 * Formats a number as Brazilian currency, 'R$ 1.234,56' or '-R$ 1.234,56', with a plain space (Intl would
 * give a non-breaking one). Rounds to cents first; null, undefined and non-finite numbers give ''.
 */
export function formatBRL(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '';
  const rounded = roundMoney(value);
  const [integer = '0', fraction = ''] = Math.abs(rounded).toFixed(CURRENCY.precision).split('.');
  const sign = rounded < 0 ? '-' : '';
  return `${sign}${CURRENCY.prefix}${groupThousands(integer)}${CURRENCY.decimal}${fraction}`;
}

/**
 * Reads a pt-BR amount back into a number: 'R$ 1.234,56' → 1234.56, '-R$ 0,50' → -0.5, '1234,5' → 1234.5.
 * Dots are thousands separators and the comma the decimal one; an empty or malformed text gives null.
 */
export function parseBRL(text: string | null | undefined): number | null {
  const compact = (text ?? '').replace(/\s/g, '');
  const match = /^(-?)(?:R\$)?(-?)([\d.]+(?:,\d+)?)$/.exec(compact);
  if (!match) return null;
  const [, signBefore, signAfter, amount = ''] = match;
  if (signBefore && signAfter) return null;
  const [integer = '', fraction] = amount.split(CURRENCY.decimal);
  if (!/^\d{1,3}(\.\d{3})*$|^\d+$/.test(integer)) return null;
  const number = Number(`${integer.replaceAll(CURRENCY.thousands, '')}.${fraction ?? '0'}`);
  const negative = Boolean(signBefore || signAfter) && number !== 0;
  return negative ? -number : number;
}
