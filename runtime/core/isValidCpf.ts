import { normalizeCpfCnpj } from './normalizeCpfCnpj.ts';

/** Mod-11 check digit of a CPF prefix: weights count down to 2 from length + 1. */
function cpfCheckDigit(digits: string): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    sum += Number(digits[i]) * (digits.length + 1 - i);
  }
  const remainder = sum % 11;
  return remainder < 2 ? 0 : 11 - remainder;
}

/** True for a CPF (masked or not) with 11 digits, not all equal, and both check digits right. */
export function isValidCpf(value: string | null | undefined): boolean {
  const cpf = normalizeCpfCnpj(value);
  if (!/^\d{11}$/.test(cpf) || /^(\d)\1{10}$/.test(cpf)) return false;
  const first = cpfCheckDigit(cpf.slice(0, 9));
  const second = cpfCheckDigit(cpf.slice(0, 9) + first);
  return cpf.endsWith(`${first}${second}`);
}
