/**
 * Inscrição estadual (IE) check digits by UF, from the SINTEGRA "roteiros de crítica" of each state
 * (sintegra.gov.br/insc_est.html): every UF's current format and the legacy ones still found in registers
 * (PE 14 digits, RO 9 digits, TO 11 digits, RN 9 digits, BA 8 digits, SP produtor rural). "ISENTO" is valid
 * for every UF. Pure: no server or browser code.
 *
 * Where the sources differ:
 * - DF: prefix 07 or 08. The SINTEGRA page brackets "07 300001" as the sequential number and SEF-DF's own
 *   rule sheet calls 07 fixed; the numbers starting with 07 ran out and DF issues 08 under the same check
 *   digits (Receita DF's CF/DF validator checks the digits, not the prefix).
 * - GO: 10, 11, 15 and 20–29 (IN nº 946/09-GSF art. 39 as worded by IN nº 1.535/22-GSE: 10 and 20 for
 *   companies, 11 for pessoas físicas; the older roteiro adds 15; the SINTEGRA page 20 to 29).
 * - MT: 11 digits (SINTEGRA) or the 9 of Portaria SEFAZ-MT nº 59/2025, art. 8º, § 1º, the same digit.
 * - MG produtor rural: the old "PR" + 4 to 8 digits (no check digit) is refused with its own message. The
 *   NF-e schema stopped accepting it for the destinatário in 2010 (NT 2010/004, item 2.7, PL_006f); MG's
 *   producers use the 13-digit IE checked like any MG company's.
 */

/** The 27 UFs; an IE is checked against the rule of its own UF. */
export const UFS_IE = [
  'AC',
  'AL',
  'AM',
  'AP',
  'BA',
  'CE',
  'DF',
  'ES',
  'GO',
  'MA',
  'MG',
  'MS',
  'MT',
  'PA',
  'PB',
  'PE',
  'PI',
  'PR',
  'RJ',
  'RN',
  'RO',
  'RR',
  'RS',
  'SC',
  'SE',
  'SP',
  'TO',
] as const;

export type UfIe = (typeof UFS_IE)[number];

const digitos = (texto: string) => [...texto].map(Number);
const soma = (texto: string, pesos: number[]) =>
  digitos(texto).reduce((total, digito, i) => total + digito * (pesos[i] ?? 0), 0);
/** 11 − (sum mod 11), 0 when that is 10 or 11: the rule most UFs use. */
const modulo11 = (texto: string, pesos: number[]) => {
  const resto = soma(texto, pesos) % 11;
  return resto < 2 ? 0 : 11 - resto;
};
/** Weights n, n−1, …, 2 for a base of n − 1 digits. */
const decrescentes = (inicio: number) => Array.from({ length: inicio - 1 }, (_, i) => inicio - i);

/** One mod-11 check digit (weights from `pesos`) at the end of a `tamanho`-digit IE with one of `prefixos`. */
const simples =
  (tamanho: number, prefixos: string[] = []) =>
  (ie: string) =>
    ie.length === tamanho &&
    (prefixos.length === 0 || prefixos.some((prefixo) => ie.startsWith(prefixo))) &&
    modulo11(ie.slice(0, -1), decrescentes(tamanho)) === Number(ie.at(-1));

/** Two mod-11 check digits (AC, DF: 13 digits; PR: 10 digits) with the weights of each. */
const dois = (tamanho: number, pesos1: number[], pesos2: number[], prefixos: string[] = ['']) => {
  return (ie: string) => {
    if (ie.length !== tamanho || !prefixos.some((prefixo) => ie.startsWith(prefixo))) return false;
    const dv1 = modulo11(ie.slice(0, tamanho - 2), pesos1);
    const dv2 = modulo11(ie.slice(0, tamanho - 2) + dv1, pesos2);
    return ie.endsWith(`${dv1}${dv2}`);
  };
};

function alagoas(ie: string): boolean {
  if (ie.length !== 9 || !ie.startsWith('24')) return false;
  const dv = ((soma(ie.slice(0, 8), decrescentes(9)) * 10) % 11) % 10;
  return dv === Number(ie[8]);
}

function amapa(ie: string): boolean {
  if (ie.length !== 9 || !ie.startsWith('03')) return false;
  const base = Number(ie.slice(0, 8));
  const [p, d] = base <= 3017000 ? [5, 0] : base <= 3019022 ? [9, 1] : [0, 0];
  const resto = (p + soma(ie.slice(0, 8), decrescentes(9))) % 11;
  const dv = 11 - resto === 10 ? 0 : 11 - resto === 11 ? d : 11 - resto;
  return dv === Number(ie[8]);
}

function amazonas(ie: string): boolean {
  if (ie.length !== 9) return false;
  const total = soma(ie.slice(0, 8), decrescentes(9));
  const dv = total < 11 ? 11 - total : total % 11 <= 1 ? 0 : 11 - (total % 11);
  return dv === Number(ie[8]);
}

/** BA: 8 digits (test digit the first) or 9 (the second); 0–5 and 8 → module 10, 6, 7, 9 → module 11; DV2 first. */
function bahia(ie: string): boolean {
  if (ie.length !== 8 && ie.length !== 9) return false;
  const base = ie.slice(0, -2);
  const teste = Number(ie.length === 8 ? ie[0] : ie[1]);
  const modulo = [6, 7, 9].includes(teste) ? 11 : 10;
  const dv = (texto: string) => {
    const resto = soma(texto, decrescentes(texto.length + 1)) % modulo;
    if (modulo === 10) return resto === 0 ? 0 : 10 - resto;
    return resto < 2 ? 0 : 11 - resto;
  };
  const dv2 = dv(base);
  const dv1 = dv(base + dv2);
  return ie.endsWith(`${dv1}${dv2}`);
}

function goias(ie: string): boolean {
  if (ie.length !== 9 || !/^(10|11|15|2\d)/.test(ie)) return false;
  const base = ie.slice(0, 8);
  if (base === '11094402') return ie[8] === '0' || ie[8] === '1';
  const resto = soma(base, decrescentes(9)) % 11;
  const numero = Number(base);
  const dv = resto === 0 ? 0 : resto === 1 ? (numero >= 10103105 && numero <= 10119997 ? 1 : 0) : 11 - resto;
  return dv === Number(ie[8]);
}

/** MG: DV1 by module 10 over the digits of the products (a 0 after the município code), DV2 module 11. */
function minasGerais(ie: string): boolean {
  if (ie.length !== 13) return false;
  const base = ie.slice(0, 11);
  const comZero = `${base.slice(0, 3)}0${base.slice(3)}`;
  const algarismos = digitos(comZero)
    .map((digito, i) => String(digito * (i % 2 === 0 ? 1 : 2)))
    .join('');
  const total = digitos(algarismos).reduce((a, b) => a + b, 0);
  const dv1 = (10 - (total % 10)) % 10;
  const dv2 = modulo11(base + dv1, [3, 2, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2]);
  return ie.endsWith(`${dv1}${dv2}`);
}

function matoGrosso(ie: string): boolean {
  if (ie.length > 11 || ie.length < 9) return false;
  const cheio = ie.padStart(11, '0');
  return modulo11(cheio.slice(0, 10), [3, 2, 9, 8, 7, 6, 5, 4, 3, 2]) === Number(cheio[10]);
}

/** PE: 9 digits (e-Fisco, two check digits) or the legacy 14 (one digit, 11 − r minus 10 above 9). */
function pernambuco(ie: string): boolean {
  if (ie.length === 9) {
    const dv1 = modulo11(ie.slice(0, 7), decrescentes(9).slice(1));
    const dv2 = modulo11(ie.slice(0, 7) + dv1, decrescentes(10).slice(1));
    return ie.endsWith(`${dv1}${dv2}`);
  }
  if (ie.length !== 14) return false;
  const dv = 11 - (soma(ie.slice(0, 13), [5, 4, 3, 2, 1, 9, 8, 7, 6, 5, 4, 3, 2]) % 11);
  return (dv > 9 ? dv - 10 : dv) === Number(ie[13]);
}

function rioGrandeDoNorte(ie: string): boolean {
  if ((ie.length !== 9 && ie.length !== 10) || !ie.startsWith('20')) return false;
  const dv = ((soma(ie.slice(0, -1), decrescentes(ie.length)) * 10) % 11) % 10;
  return dv === Number(ie.at(-1));
}

/** RO: 14 digits since 2000; the legacy 9 (3 of município, 5 of company, DV over those 5). */
function rondonia(ie: string): boolean {
  const [base, pesos] =
    ie.length === 14
      ? [ie.slice(0, 13), [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]]
      : ie.length === 9
        ? [ie.slice(3, 8), [6, 5, 4, 3, 2]]
        : [null, []];
  if (base === null) return false;
  const dv = 11 - (soma(base, pesos) % 11);
  return (dv > 9 ? dv - 10 : dv) === Number(ie.at(-1));
}

function roraima(ie: string): boolean {
  if (ie.length !== 9 || !ie.startsWith('24')) return false;
  return soma(ie.slice(0, 8), [1, 2, 3, 4, 5, 6, 7, 8]) % 9 === Number(ie[8]);
}

/** SP: 12 digits with DVs at positions 9 and 12; produtor rural P + 12 with its DV at position 9. */
function saoPaulo(ie: string): boolean {
  const dv = (texto: string, pesos: number[]) => (soma(texto, pesos) % 11) % 10;
  const pesos1 = [1, 3, 4, 5, 6, 7, 8, 10];
  if (ie.startsWith('P')) {
    const numero = ie.slice(1);
    return /^0\d{11}$/.test(numero) && dv(numero.slice(0, 8), pesos1) === Number(numero[8]);
  }
  if (ie.length !== 12) return false;
  const dv1 = dv(ie.slice(0, 8), pesos1);
  const dv2 = dv(ie.slice(0, 11), [3, 2, 10, 9, 8, 7, 6, 5, 4, 3, 2]);
  return dv1 === Number(ie[8]) && dv2 === Number(ie[11]);
}

/** TO: 9 digits today; the legacy 11 carry the company type (01, 02, 03, 99) in positions 3–4, outside the DV. */
function tocantins(ie: string): boolean {
  if (ie.length === 9) return simples(9)(ie);
  if (ie.length !== 11 || !['01', '02', '03', '99'].includes(ie.slice(2, 4))) return false;
  return modulo11(ie.slice(0, 2) + ie.slice(4, 10), decrescentes(9)) === Number(ie[10]);
}

const REGRAS: Record<UfIe, (ie: string) => boolean> = {
  AC: dois(13, [4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2], [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2], ['01']),
  AL: alagoas,
  AM: amazonas,
  AP: amapa,
  BA: bahia,
  CE: simples(9),
  DF: dois(13, [4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2], [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2], ['07', '08']),
  ES: simples(9),
  GO: goias,
  MA: simples(9, ['12']),
  MG: minasGerais,
  MS: simples(9, ['28', '50']),
  MT: matoGrosso,
  PA: simples(9, ['15', '75', '76', '77', '78', '79']),
  PB: simples(9),
  PE: pernambuco,
  PI: simples(9),
  PR: dois(10, [3, 2, 7, 6, 5, 4, 3, 2], [4, 3, 2, 7, 6, 5, 4, 3, 2]),
  RJ: (ie) => ie.length === 8 && modulo11(ie.slice(0, 7), [2, 7, 6, 5, 4, 3, 2]) === Number(ie[7]),
  RN: rioGrandeDoNorte,
  RO: rondonia,
  RR: roraima,
  RS: (ie) => ie.length === 10 && modulo11(ie.slice(0, 9), [2, 9, 8, 7, 6, 5, 4, 3, 2]) === Number(ie[9]),
  SC: simples(9),
  SE: simples(9),
  SP: saoPaulo,
  TO: tocantins,
};

/** MG's old produtor rural registration: "PR" and 4 to 8 digits (NT 2010/004 removed it from the NF-e). */
const PRODUTOR_RURAL_MG_ANTIGO = /^PR\d{4,8}$/;

/** The IE as registers keep it: digits only (the SP produtor rural keeps its leading P), or ISENTO. */
export function normalizarInscricaoEstadual(ie: string): string {
  const texto = ie.trim().toUpperCase();
  if (texto === 'ISENTO' || texto === 'ISENTA') return 'ISENTO';
  return texto.replace(/[\s./-]/g, '');
}

/**
 * Why `ie` is not a valid inscrição estadual of `uf` (a pt-BR sentence), or null when it is. "ISENTO" is
 * valid for every UF; an empty IE is not this function's business (required-ness is the caller's).
 */
export function problemaInscricaoEstadual(ie: string, uf: string | null | undefined): string | null {
  const normal = normalizarInscricaoEstadual(ie);
  if (normal === 'ISENTO') return null;
  if (!uf) return 'informe a UF para conferir a inscrição estadual';
  const regra = (REGRAS as Record<string, ((ie: string) => boolean) | undefined>)[uf.toUpperCase()];
  if (!regra) return `UF ${uf} desconhecida`;
  if (uf.toUpperCase() === 'MG' && PRODUTOR_RURAL_MG_ANTIGO.test(normal))
    return 'inscrição de produtor rural de MG no formato antigo (PR…), que a NF-e não aceita desde 2010: informe a inscrição estadual de 13 dígitos do produtor';
  const formato = uf.toUpperCase() === 'SP' ? /^(P0)?\d+$/ : /^\d+$/;
  if (!formato.test(normal)) return 'use só dígitos (ou ISENTO)';
  if (!regra(normal)) return `inscrição estadual inválida para ${uf.toUpperCase()} (confira os dígitos)`;
  return null;
}

/** True when `ie` is ISENTO or a valid inscrição estadual of `uf`. */
export function isValidInscricaoEstadual(ie: string, uf: string | null | undefined): boolean {
  return problemaInscricaoEstadual(ie, uf) === null;
}

/** UF of an IBGE code (the first two digits of a município code), for files that give only the município. */
export const UF_POR_CODIGO_IBGE: Readonly<Record<string, UfIe>> = {
  '11': 'RO',
  '12': 'AC',
  '13': 'AM',
  '14': 'RR',
  '15': 'PA',
  '16': 'AP',
  '17': 'TO',
  '21': 'MA',
  '22': 'PI',
  '23': 'CE',
  '24': 'RN',
  '25': 'PB',
  '26': 'PE',
  '27': 'AL',
  '28': 'SE',
  '29': 'BA',
  '31': 'MG',
  '32': 'ES',
  '33': 'RJ',
  '35': 'SP',
  '41': 'PR',
  '42': 'SC',
  '43': 'RS',
  '50': 'MS',
  '51': 'MT',
  '52': 'GO',
  '53': 'DF',
};
