import { formatBRL } from '../formatMoney.ts';

/**
 * The rules of titles and baixas (flows.md §2, F1, F2, F8), pure, in cents: the posting services of
 * runtime/server/postings/financeiro apply them inside their transactions and the property tests use them
 * as the oracle.
 */

/** situacaoLancamento codes. */
export const SITUACAO_TITULO = { ABERTO: 0, PAGO: 1, PARCIAL: 2, CANCELADO: 3 } as const;
export type SituacaoTitulo = (typeof SITUACAO_TITULO)[keyof typeof SITUACAO_TITULO];

/** Money in cents (integers: sums without binary-fraction drift). */
export const toCents = (value: number | string | null | undefined): number =>
  Math.round(Number(value ?? 0) * 100);
export const fromCents = (cents: number): number => cents / 100;

/** True when `value` has at most two decimal places (tolerating binary fractions such as 0.07). */
export function emCentavos(value: number | null | undefined): boolean {
  if (value === null || value === undefined) return true;
  return Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;
}

/** F2: the state of a title is a function of what is paid (cancelled is a state of its own). */
export function situacaoTitulo(valorCents: number, pagoCents: number, cancelado = false): SituacaoTitulo {
  if (cancelado) return SITUACAO_TITULO.CANCELADO;
  if (pagoCents >= valorCents) return SITUACAO_TITULO.PAGO;
  if (pagoCents > 0) return SITUACAO_TITULO.PARCIAL;
  return SITUACAO_TITULO.ABERTO;
}

/** The amounts of one baixa, in cents. */
export interface BaixaValores {
  principal: number;
  juros: number;
  multa: number;
  desconto: number;
}

/** F8: the movement amount = principal + juros + multa − desconto. */
export function totalBaixa(valores: BaixaValores): number {
  return valores.principal + valores.juros + valores.multa - valores.desconto;
}

/** A refused baixa: the message is pt-BR, for a 4xx; `campo` names the item field. */
export class BaixaInvalidaError extends Error {
  constructor(
    message: string,
    readonly campo: keyof BaixaValores,
  ) {
    super(message);
  }
}

/**
 * Checks one baixa against the open value of its title (F1: principal ≤ valor aberto — an overpayment is
 * refused, not kept as a crédito) and its own amounts; returns the total (the movement amount).
 */
export function conferirBaixa(valores: BaixaValores, abertoCents: number): number {
  if (valores.principal <= 0)
    throw new BaixaInvalidaError('Informe o valor principal da baixa (maior que zero).', 'principal');
  for (const campo of ['juros', 'multa', 'desconto'] as const)
    if (valores[campo] < 0)
      throw new BaixaInvalidaError(
        `${campo === 'juros' ? 'Os juros' : campo === 'multa' ? 'A multa' : 'O desconto'} não pode ser negativo.`,
        campo,
      );
  if (valores.principal > abertoCents)
    throw new BaixaInvalidaError(
      `O valor da baixa (${formatBRL(fromCents(valores.principal))}) é maior que o valor em aberto (${formatBRL(fromCents(abertoCents))})`,
      'principal',
    );
  const total = totalBaixa(valores);
  if (total < 0)
    throw new BaixaInvalidaError(
      `O desconto (${formatBRL(fromCents(valores.desconto))}) é maior que o principal com juros e multa (${formatBRL(fromCents(valores.principal + valores.juros + valores.multa))}).`,
      'desconto',
    );
  return total;
}

/** dd/mm/aaaa of an ISO date. */
export function dataBR(iso: string): string {
  const [y, m, d] = iso.slice(0, 10).split('-');
  return `${d}/${m}/${y}`;
}
