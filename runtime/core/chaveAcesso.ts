/** The 44-digit access key of an NF-e/NFC-e (Manual de Orientação do Contribuinte 4.00, item 5.4). */
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

/** Check digit (cDV) of the first 43 digits of an access key: modulo 11, weights 2 to 9 from the right. */
export function digitoChaveAcesso(primeiros43: string): number {
  let soma = 0;
  let peso = 2;
  for (let index = primeiros43.length - 1; index >= 0; index--) {
    soma += Number(primeiros43[index]) * peso;
    peso = peso === 9 ? 2 : peso + 1;
  }
  const resto = soma % 11;
  return resto < 2 ? 0 : 11 - resto;
}

/** Whether `chave` is 44 digits whose last one is the modulo-11 check digit of the others. */
export function isValidChaveAcesso(chave: string): boolean {
  return /^[0-9]{44}$/.test(chave) && digitoChaveAcesso(chave.slice(0, 43)) === Number(chave[43]);
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
