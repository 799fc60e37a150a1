import { formatCpfCnpj } from '../../core/formatCpfCnpj.ts';
import { normalizeCpfCnpj } from '../../core/normalizeCpfCnpj.ts';

const CNPJ_LENGTH = 14;
const CPF_LENGTH = 11;

/** Inserts the separators of `pattern` (0 = one character) into `chars`, as far as they go. */
function applyPattern(chars: string, pattern: string): string {
  let result = '';
  let index = 0;
  for (const slot of pattern) {
    if (index >= chars.length) break;
    if (slot === '0') result += chars[index++];
    else result += slot;
  }
  return result;
}

/**
 * Masks a CPF or CNPJ as typed (spec 000 §5, CNPJ mask): up to 11 digits follow 000.000.000-00, longer values
 * or values with letters (alphanumeric CNPJ, upper-cased) follow 00.000.000/0000-00; complete values are
 * exactly what formatCpfCnpj gives.
 */
export function cpfCnpjMask(value: string): string {
  const document = normalizeCpfCnpj(value).slice(0, CNPJ_LENGTH);
  if (document.length === CPF_LENGTH || document.length === CNPJ_LENGTH) {
    const formatted = formatCpfCnpj(document);
    if (formatted !== document) return formatted;
  }
  const isCpf = document.length <= CPF_LENGTH && /^\d*$/.test(document);
  return applyPattern(document, isCpf ? '000.000.000-00' : '00.000.000/0000-00');
}
