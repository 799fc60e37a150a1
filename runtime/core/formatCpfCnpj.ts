import { normalizeCpfCnpj } from './normalizeCpfCnpj.ts';

/**
 * Masks a CPF as 000.000.000-00 or a (numeric or alphanumeric) CNPJ as XX.XXX.XXX/XXXX-XX; a value of any
 * other shape is returned trimmed and otherwise unchanged, so bad stored data stays visible as it is.
 */
export function formatCpfCnpj(value: string | null | undefined): string {
  const document = normalizeCpfCnpj(value);
  if (/^\d{11}$/.test(document)) {
    return document.replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, '$1.$2.$3-$4');
  }
  if (/^[0-9A-Z]{12}\d{2}$/.test(document)) {
    return document.replace(/^(\w{2})(\w{3})(\w{3})(\w{4})(\d{2})$/, '$1.$2.$3/$4-$5');
  }
  return (value ?? '').trim();
}
