import { roundMoney } from '../roundMoney.ts';

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

/** The line names the candidate's document: its CHECKNUM/REFNUM equals it, or the history contains it. */
function referenciaIgual(linha: LinhaConciliacao, referencia: string | null): boolean {
  if (!referencia) return false;
  const ref = normalize(referencia);
  if (ref === '') return false;
  if (
    linha.documento &&
    (normalize(linha.documento) === ref ||
      (digits(referencia).length >= 3 && digits(linha.documento) === digits(referencia)))
  )
    return true;
  return ref.length >= 3 && ` ${normalize(linha.historico)} `.includes(` ${ref} `);
}

/** The history names the party: its CPF/CNPJ digits, or the first two words (3+ letters) of its name. */
function pessoaIgual(linha: LinhaConciliacao, nome: string | null, documento: string | null): boolean {
  const historico = normalize(linha.historico);
  const doc = (documento ?? '').replace(/\D/g, '');
  if (doc.length >= 11 && historico.replace(/ /g, '').includes(doc)) return true;
  const words = normalize(nome ?? '')
    .split(' ')
    .filter((word) => word.length >= 3)
    .slice(0, 2);
  return words.length > 0 && words.every((word) => ` ${historico} `.includes(` ${word} `));
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
): CandidatoPontuado[] {
  const sinal = Math.sign(linha.valor);
  const valor = roundMoney(linha.valor);
  return candidatos
    .filter((candidato) => Math.sign(candidato.valor) === sinal && sinal !== 0)
    .map((candidato) => ({ candidato, distanciaDias: Math.abs(day(candidato.data) - day(linha.data)) }))
    .filter(({ distanciaDias }) => distanciaDias <= dias)
    .map(({ candidato, distanciaDias }) => {
      const iguais = {
        valorIgual: roundMoney(candidato.valor) === valor,
        referenciaIgual: referenciaIgual(linha, candidato.referencia),
        pessoaIgual: pessoaIgual(linha, candidato.pessoaNome, candidato.pessoaDocumento),
      };
      const pontuacao =
        1 + Number(iguais.valorIgual) + Number(iguais.referenciaIgual) + Number(iguais.pessoaIgual);
      return { ...candidato, ...iguais, pontuacao, distanciaDias };
    })
    .sort(
      (a, b) =>
        b.pontuacao - a.pontuacao ||
        a.distanciaDias - b.distanciaDias ||
        (a.tipo === b.tipo ? 0 : a.tipo === 'movimento' ? -1 : 1) ||
        a.id - b.id,
    );
}
