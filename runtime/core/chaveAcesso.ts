/** The 44-character access key of an NF-e/NFC-e (Manual de Orientação do Contribuinte 4.00, item 5.4). */
export interface PartesChaveAcesso {
  cUF: string;
  /** AAMM of the issue date. */
  anoMes: string;
  /** CNPJ (or CPF left-padded with zeros) of the emitente. */
  cnpjEmitente: string;
  modelo: string;
  serie: number;
  numero: number;
  tipoEmissao: string;
  codigoNumerico: string;
  digito: number;
}

/**
 * Check digit (cDV) of the first 43 characters of an access key: modulo 11, weights 2 to 9 from the right.
 * Each character counts as its ASCII code − 48, so digits keep their value and the letters of an
 * alphanumeric CNPJ (NT Conjunta 2025.001, from July 2026) count A = 17, B = 18…
 */
export function digitoChaveAcesso(primeiros43: string): number {
  let soma = 0;
  let peso = 2;
  for (let index = primeiros43.length - 1; index >= 0; index--) {
    soma += (primeiros43.charCodeAt(index) - 48) * peso;
    peso = peso === 9 ? 2 : peso + 1;
  }
  const resto = soma % 11;
  return resto < 2 ? 0 : 11 - resto;
}

/**
 * Shape of an access key: cUF and AAMM digits, the emitente's CNPJ (12 digits or capital letters and 2
 * digits, or a zero-padded CPF), then digits only (modelo, série, número, tpEmis, cNF, cDV).
 */
export const CHAVE_ACESSO_PATTERN = /^[0-9]{6}[0-9A-Z]{12}[0-9]{26}$/;

/** Whether `chave` is a 44-character key (alphanumeric CNPJ allowed) whose last digit is the modulo-11 check digit. */
export function isValidChaveAcesso(chave: string): boolean {
  return CHAVE_ACESSO_PATTERN.test(chave) && digitoChaveAcesso(chave.slice(0, 43)) === Number(chave[43]);
}

/** The fields an access key carries (no validation: see isValidChaveAcesso). */
export function partesChaveAcesso(chave: string): PartesChaveAcesso {
  return {
    cUF: chave.slice(0, 2),
    anoMes: chave.slice(2, 6),
    cnpjEmitente: chave.slice(6, 20),
    modelo: chave.slice(20, 22),
    serie: Number(chave.slice(22, 25)),
    numero: Number(chave.slice(25, 34)),
    tipoEmissao: chave.slice(34, 35),
    codigoNumerico: chave.slice(35, 43),
    digito: Number(chave.slice(43, 44)),
  };
}
