/**
 * Code 128 bar/space widths of the symbol values 0–106 (ISO/IEC 15417): six widths each (bar first,
 * 11 modules), the stop (106) seven widths with its termination bar (13 modules).
 */
export const CODE128_WIDTHS = [
  '212222',
  '222122',
  '222221',
  '121223',
  '121322',
  '131222',
  '122213',
  '122312',
  '132212',
  '221213',
  '221312',
  '231212',
  '112232',
  '122132',
  '122231',
  '113222',
  '123122',
  '123221',
  '223211',
  '221132',
  '221231',
  '213212',
  '223112',
  '312131',
  '311222',
  '321122',
  '321221',
  '312212',
  '322112',
  '322211',
  '212123',
  '212321',
  '232121',
  '111323',
  '131123',
  '131321',
  '112313',
  '132113',
  '132311',
  '211313',
  '231113',
  '231311',
  '112133',
  '112331',
  '132131',
  '113123',
  '113321',
  '133121',
  '313121',
  '211331',
  '231131',
  '213113',
  '213311',
  '213131',
  '311123',
  '311321',
  '331121',
  '312113',
  '312311',
  '332111',
  '314111',
  '221411',
  '431111',
  '111224',
  '111422',
  '121124',
  '121421',
  '141122',
  '141221',
  '112214',
  '112412',
  '122114',
  '122411',
  '142112',
  '142211',
  '241211',
  '221114',
  '413111',
  '241112',
  '134111',
  '111242',
  '121142',
  '121241',
  '114212',
  '124112',
  '124211',
  '411212',
  '421112',
  '421211',
  '212141',
  '214121',
  '412121',
  '111143',
  '111341',
  '131141',
  '114113',
  '114311',
  '411113',
  '411311',
  '113141',
  '114131',
  '311141',
  '411131',
  '211412',
  '211214',
  '211232',
  '2331112',
];

const START_A = 103;
const START_B = 104;
const START_C = 105;
const CODE_C = 99;
const CODE_B = 100;
const CODE_A = 101;
const STOP = 106;

export interface OpcoesCode128 {
  /**
   * Code set for what is not a run of digits: B (the default: printable ASCII) or A (capital letters, digits
   * and punctuation — the DANFE's chave with an alphanumeric CNPJ, NT Conjunta 2025.001: hybrid 128C/128A).
   */
  conjuntoTexto?: 'A' | 'B';
}

/** Length of the run of digits starting at `inicio`. */
function digitosAPartir(text: string, inicio: number): number {
  let fim = inicio;
  while (fim < text.length && text.charCodeAt(fim) >= 48 && text.charCodeAt(fim) <= 57) fim++;
  return fim - inicio;
}

/**
 * Symbol values of `text` in Code 128, check symbol and stop included. Runs of digits go in code set C (two
 * per symbol) when that is shorter — the whole text when it is all digits of even length; a leading run of 4+;
 * a run of 6+ inside, or of 4+ at the end (an odd run leaves its first digit in the text set) — and the rest
 * in code set B (printable ASCII 32–126) or A (`conjuntoTexto`, ASCII 32–95). Throws a pt-BR RangeError for an
 * empty text or a character the text set cannot encode (accents included).
 */
export function code128Values(text: string, opcoes: OpcoesCode128 = {}): number[] {
  if (text.length === 0) throw new RangeError('Informe o conteúdo do código de barras.');
  const conjuntoA = opcoes.conjuntoTexto === 'A';
  const maximo = conjuntoA ? 95 : 126;
  const values: number[] = [];
  const inicial = digitosAPartir(text, 0);
  let emC = (inicial === text.length && inicial % 2 === 0) || inicial >= 4;
  values.push(emC ? START_C : conjuntoA ? START_A : START_B);
  let i = 0;
  while (i < text.length) {
    const digitos = digitosAPartir(text, i);
    if (emC) {
      if (digitos >= 2) {
        values.push(Number(text.slice(i, i + 2)));
        i += 2;
        continue;
      }
      values.push(conjuntoA ? CODE_A : CODE_B);
      emC = false;
    }
    const ateOFim = i + digitos === text.length;
    if (digitos >= 6 || (ateOFim && digitos >= 4)) {
      if (digitos % 2 === 1) {
        values.push(text.charCodeAt(i) - 32);
        i++;
      }
      values.push(CODE_C);
      emC = true;
      continue;
    }
    const char = text[i]!;
    const code = char.charCodeAt(0);
    if (code < 32 || code > maximo)
      throw new RangeError(`O caractere "${char}" não pode ser representado no Code 128.`);
    values.push(code - 32);
    i++;
  }
  const check = values.reduce((sum, value, index) => sum + value * (index === 0 ? 1 : index), 0) % 103;
  values.push(check, STOP);
  return values;
}

/** Code 128 modules ('1' bar, '0' space; quiet zones not included) of `text` (see code128Values). */
export function encodeCode128(text: string, opcoes: OpcoesCode128 = {}): string {
  let modules = '';
  for (const value of code128Values(text, opcoes)) {
    const widths = CODE128_WIDTHS[value] ?? '';
    for (const [index, width] of [...widths].entries())
      modules += (index % 2 === 0 ? '1' : '0').repeat(Number(width));
  }
  return modules;
}
