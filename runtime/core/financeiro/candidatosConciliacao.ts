import { normalizeCpfCnpj } from '../normalizeCpfCnpj.ts';
/** Default window, in days, between a statement line's date and a candidate's date (movement) or due date (title). */
export const DIAS_CONCILIACAO = 5;

/** A statement line as matching reads it. */
export interface LinhaConciliacao {
  data: string;
  /** Signed: positive credits the account. */
  valor: number;
  /** NAME and MEMO of the line (the party's name or document often shows there). */
  historico: string;
  /** CHECKNUM/REFNUM of the line, when the bank sends one. */
  documento: string | null;
}

/** A movement not yet reconciled, or an open title (its open value), of the line's account. */
export interface CandidatoConciliacao {
  tipo: 'movimento' | 'titulo';
  id: number;
  /** Movement date or title due date. */
  data: string;
  /** Signed as the account sees it: a receita's open value positive, a despesa's negative. */
  valor: number;
  descricao: string;
  /** Document number of the title (nota, boleto) or of the movement's title. */
  referencia: string | null;
  /** The party's name and CPF/CNPJ. */
  pessoaNome: string | null;
  pessoaDocumento: string | null;
}

/** A candidate with its score: 1 + [amount equal] + [reference equal] + [party equal]. */
export interface CandidatoPontuado extends CandidatoConciliacao {
  pontuacao: number;
  valorIgual: boolean;
  referenciaIgual: boolean;
  pessoaIgual: boolean;
  /** Days between the line's date and the candidate's. */
  distanciaDias: number;
}

const day = (iso: string) =>
  Date.UTC(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10))) / 86_400_000;

/** Upper case without accents or punctuation, words separated by one space. */
const normalize = (value: string) =>
  value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, ' ')
    .trim();
const digits = (value: string | null) => (value ?? '').replace(/\D/g, '').replace(/^0+/, '');

/** A candidate's words and digits, normalised once (a candidate is scored against every line of the list). */
interface CandidatoNormalizado {
  referencia: string;
  referenciaDigitos: string;
  pessoaPalavras: string[];
  pessoaDocumento: string;
}
const normalizados = new WeakMap<CandidatoConciliacao, CandidatoNormalizado>();
function normalizado(candidato: CandidatoConciliacao): CandidatoNormalizado {
  let found = normalizados.get(candidato);
  if (!found) {
    found = {
      referencia: normalize(candidato.referencia ?? ''),
      referenciaDigitos: digits(candidato.referencia),
      pessoaPalavras: normalize(candidato.pessoaNome ?? '')
        .split(' ')
        .filter((word) => word.length >= 3)
        .slice(0, 2),
      // The same normalisation as every CPF/CNPJ: an alphanumeric CNPJ keeps its letters.
      pessoaDocumento: normalizeCpfCnpj(candidato.pessoaDocumento),
    };
    normalizados.set(candidato, found);
  }
  return found;
}

/** The line as matching compares it: its history as words (padded) and without spaces, its document. */
interface LinhaNormalizada {
  palavras: string;
  compacto: string;
  documento: string;
  documentoDigitos: string;
}

/** The line names the candidate's document: its CHECKNUM/REFNUM equals it, or the history contains it. */
function referenciaIgual(linha: LinhaNormalizada, candidato: CandidatoNormalizado): boolean {
  const ref = candidato.referencia;
  if (ref === '') return false;
  if (
    linha.documento !== '' &&
    (linha.documento === ref ||
      (candidato.referenciaDigitos.length >= 3 && linha.documentoDigitos === candidato.referenciaDigitos))
  )
    return true;
  return ref.length >= 3 && linha.palavras.includes(` ${ref} `);
}

/** The history names the party: its CPF/CNPJ (unmasked; letters of an alphanumeric CNPJ too), or the first two words (3+ letters) of its name. */
function pessoaIgual(linha: LinhaNormalizada, candidato: CandidatoNormalizado): boolean {
  if (candidato.pessoaDocumento.length >= 11 && linha.compacto.includes(candidato.pessoaDocumento))
    return true;
  const words = candidato.pessoaPalavras;
  return words.length > 0 && words.every((word) => linha.palavras.includes(` ${word} `));
}

/**
 * The candidates of a statement line, ranked (after ERPNext's bank reconciliation tool, flows.md §2): same
 * direction (a credit matches money in — a movement in or a receita — and a debit money out), date within
 * ±`dias`; score 1 + [amount equal to the cent] + [reference equal] + [party equal]; ranked by score, then
 * nearest date, then id. Pure: the server gathers the candidates, the screen shows the ranking.
 */
export function pontuarCandidatos(
  linha: LinhaConciliacao,
  candidatos: CandidatoConciliacao[],
  dias = DIAS_CONCILIACAO,
  limite = Number.POSITIVE_INFINITY,
): CandidatoPontuado[] {
  const sinal = Math.sign(linha.valor);
  if (sinal === 0) return [];
  const cents = Math.round(linha.valor * 100);
  const historico = normalize(linha.historico);
  const normalizada: LinhaNormalizada = {
    palavras: ` ${historico} `,
    compacto: historico.replace(/ /g, ''),
    documento: normalize(linha.documento ?? ''),
    documentoDigitos: digits(linha.documento),
  };
  const index = preparar(candidatos);
  const hoje = day(linha.data);
  const scored: Array<{
    item: Preparado;
    pontuacao: number;
    distanciaDias: number;
    flags: [boolean, boolean, boolean];
  }> = [];
  // The candidates are sorted by date: only those of the window are read.
  for (let i = lowerBound(index, hoje - dias); i < index.length; i++) {
    const item = index[i] as Preparado;
    if (item.dia > hoje + dias) break;
    if (item.sinal !== sinal) continue;
    const flags: [boolean, boolean, boolean] = [
      item.cents === cents,
      referenciaIgual(normalizada, item.norm),
      pessoaIgual(normalizada, item.norm),
    ];
    const pontuacao = 1 + Number(flags[0]) + Number(flags[1]) + Number(flags[2]);
    scored.push({ item, pontuacao, distanciaDias: Math.abs(item.dia - hoje), flags });
  }
  scored.sort(
    (a, b) =>
      b.pontuacao - a.pontuacao ||
      a.distanciaDias - b.distanciaDias ||
      (a.item.candidato.tipo === b.item.candidato.tipo
        ? 0
        : a.item.candidato.tipo === 'movimento'
          ? -1
          : 1) ||
      a.item.candidato.id - b.item.candidato.id,
  );
  return scored.slice(0, limite).map(({ item, pontuacao, distanciaDias, flags }) => ({
    ...item.candidato,
    valorIgual: flags[0],
    referenciaIgual: flags[1],
    pessoaIgual: flags[2],
    pontuacao,
    distanciaDias,
  }));
}

/** A candidate ready for the window scan: its day number, sign and cents, and its normalised words. */
interface Preparado {
  candidato: CandidatoConciliacao;
  dia: number;
  sinal: number;
  cents: number;
  norm: CandidatoNormalizado;
}
const preparados = new WeakMap<CandidatoConciliacao[], Preparado[]>();

/** The candidates sorted by date, prepared once per list (every line of a screen is scored against the same list). */
function preparar(candidatos: CandidatoConciliacao[]): Preparado[] {
  let found = preparados.get(candidatos);
  if (!found) {
    found = candidatos
      .map((candidato) => ({
        candidato,
        dia: day(candidato.data),
        sinal: Math.sign(candidato.valor),
        cents: Math.round(candidato.valor * 100),
        norm: normalizado(candidato),
      }))
      .sort((a, b) => a.dia - b.dia);
    preparados.set(candidatos, found);
  }
  return found;
}

/** First position whose day is at least `dia`. */
function lowerBound(index: Preparado[], dia: number): number {
  let lo = 0;
  let hi = index.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((index[mid] as Preparado).dia < dia) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
