import { normalizeCpfCnpj } from './normalizeCpfCnpj.ts';

/** 12 base characters (digits or, from July 2026, letters: IN RFB 2.229/2024) and 2 numeric check digits. */
const CNPJ_SHAPE = /^[0-9A-Z]{12}\d{2}$/;

/**
 * Mod-11 check digit of a CNPJ prefix. Each character is valued by its ASCII code − 48 (so '0'..'9' keep
 * their value and 'A' = 17); weights 2..9 cycle from the right.
 */
function cnpjCheckDigit(base: string): number {
  let sum = 0;
  let weight = 2;
  for (let i = base.length - 1; i >= 0; i--) {
    sum += (base.charCodeAt(i) - 48) * weight;
    weight = weight === 9 ? 2 : weight + 1;
  }
  const remainder = sum % 11;
  return remainder < 2 ? 0 : 11 - remainder;
}

/** True for a numeric or alphanumeric CNPJ (masked or not, any case) whose two check digits are right. */
export function isValidCnpj(value: string | null | undefined): boolean {
  const cnpj = normalizeCpfCnpj(value);
  if (!CNPJ_SHAPE.test(cnpj) || /^(\d)\1{13}$/.test(cnpj)) return false;
  const base = cnpj.slice(0, 12);
  const first = cnpjCheckDigit(base);
  const second = cnpjCheckDigit(base + first);
  return cnpj.endsWith(`${first}${second}`);
}
