import { roundMoney } from '../roundMoney.ts';

/**
 * A payment condition (condição de pagamento), for receivables and payables alike:
 * - `dias`: one parcela per entry, due that many days after the emission ("30/60/90", "0" à vista);
 * - `meses`: `parcelas` parcelas stepping by `intervaloMeses` (default 1) months, the first one
 *   `primeiroEmMeses` (default 1) months after the emission, the day clamped to the month end (F5).
 */
export type CondicaoPagamento =
  | { tipo: 'dias'; dias: number[] }
  | { tipo: 'meses'; parcelas: number; intervaloMeses?: number; primeiroEmMeses?: number };

/** One instalment: number n of N, due date (YYYY-MM-DD) and value (reais, 2 decimals). */
export interface Parcela {
  numero: number;
  totalParcelas: number;
  vencimento: string;
  valor: number;
}

/** A refused condition: the message is pt-BR, for a 4xx. */
export class CondicaoInvalidaError extends Error {}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function parseDate(iso: string): { y: number; m: number; d: number } {
  const match = DATE.exec(iso.slice(0, 10));
  if (!match) throw new CondicaoInvalidaError(`Data de emissão inválida: ${iso}.`);
  return { y: Number(match[1]), m: Number(match[2]), d: Number(match[3]) };
}

const pad = (n: number) => String(n).padStart(2, '0');
const daysInMonth = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();

/** `iso` plus `months` months, the day clamped to the end of the target month (Jan 31 + 1 → Feb 28/29). */
export function addMonthsClamped(iso: string, months: number): string {
  const { y, m, d } = parseDate(iso);
  const index = y * 12 + (m - 1) + months;
  const ty = Math.floor(index / 12);
  const tm = (index % 12) + 1;
  return `${ty}-${pad(tm)}-${pad(Math.min(d, daysInMonth(ty, tm)))}`;
}

/** `iso` plus `days` calendar days. */
export function addDays(iso: string, days: number): string {
  const { y, m, d } = parseDate(iso);
  const date = new Date(Date.UTC(y, m - 1, d + days));
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}

/**
 * Reads a condition as typed on a pedido or a supplier: empty or "à vista" → one parcela today;
 * "30/60/90" (or "30 60 90", "30,60") → days; "3x" → three monthly parcelas from next month.
 */
export function parseCondicao(text: string | null | undefined): CondicaoPagamento {
  const value = (text ?? '').trim().toLowerCase();
  if (value === '' || value === 'à vista' || value === 'a vista') return { tipo: 'dias', dias: [0] };
  const vezes = /^(\d{1,3})\s*x$/.exec(value);
  if (vezes) return { tipo: 'meses', parcelas: Number(vezes[1]) };
  const parts = value.split(/[\s/,;]+/).filter(Boolean);
  if (parts.length > 0 && parts.every((part) => /^\d{1,4}$/.test(part)))
    return { tipo: 'dias', dias: parts.map(Number) };
  throw new CondicaoInvalidaError(
    `Condição de pagamento inválida: "${text}". Use "à vista", dias como "30/60/90" ou parcelas mensais como "3x".`,
  );
}

/**
 * The parcelas of `total` under `condicao` (flows.md F5): equal values rounded to cents, the remainder on
 * the last one so they sum exactly to the total (100 in 3 → 33.33, 33.33, 33.34); monthly due dates with
 * the day clamped to the month end. Pure: used for contas a receber (sales) and a pagar (purchases).
 */
export function gerarParcelas(total: number, emissao: string, condicao: CondicaoPagamento): Parcela[] {
  if (!Number.isFinite(total) || total <= 0)
    throw new CondicaoInvalidaError('O valor a parcelar deve ser maior que zero.');
  const valorTotal = roundMoney(total);
  const vencimentos: string[] = [];
  if (condicao.tipo === 'dias') {
    if (condicao.dias.length === 0 || condicao.dias.some((dia) => !Number.isInteger(dia) || dia < 0))
      throw new CondicaoInvalidaError(
        'Informe os dias de vencimento das parcelas (números inteiros, 0 ou mais).',
      );
    const dias = condicao.dias;
    if (dias.some((dia, i) => i > 0 && dia < (dias[i - 1] as number)))
      throw new CondicaoInvalidaError('Os dias de vencimento das parcelas devem estar em ordem crescente.');
    for (const dia of condicao.dias) vencimentos.push(addDays(emissao, dia));
  } else {
    const { parcelas, intervaloMeses = 1, primeiroEmMeses = 1 } = condicao;
    if (!Number.isInteger(parcelas) || parcelas < 1 || parcelas > 360)
      throw new CondicaoInvalidaError('O número de parcelas deve estar entre 1 e 360.');
    if (
      !Number.isInteger(intervaloMeses) ||
      intervaloMeses < 1 ||
      !Number.isInteger(primeiroEmMeses) ||
      primeiroEmMeses < 0
    )
      throw new CondicaoInvalidaError('Intervalo de meses inválido na condição de pagamento.');
    for (let i = 0; i < parcelas; i++)
      vencimentos.push(addMonthsClamped(emissao, primeiroEmMeses + i * intervaloMeses));
  }
  const n = vencimentos.length;
  if (valorTotal < n * 0.01)
    throw new CondicaoInvalidaError(
      `O valor ${valorTotal.toFixed(2).replace('.', ',')} não pode ser dividido em ${n} parcelas.`,
    );
  // Work in integer cents so the sum is exact.
  const cents = Math.round(valorTotal * 100);
  const base = Math.floor(cents / n);
  return vencimentos.map((vencimento, i) => ({
    numero: i + 1,
    totalParcelas: n,
    vencimento,
    valor: (i === n - 1 ? cents - base * (n - 1) : base) / 100,
  }));
}
