import { isValidCnpj } from './isValidCnpj.ts';
import { isValidCpf } from './isValidCpf.ts';
import { normalizeCpfCnpj } from './normalizeCpfCnpj.ts';

/** Validates a document as CPF (11 characters once unmasked) or CNPJ (14); any other length is invalid. */
export function isValidCpfCnpj(value: string | null | undefined): boolean {
  const document = normalizeCpfCnpj(value);
  if (document.length === 11) return isValidCpf(document);
  if (document.length === 14) return isValidCnpj(document);
  return false;
}
