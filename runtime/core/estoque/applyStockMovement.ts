import { roundMoney } from '../roundMoney.ts';
import { roundTo } from './roundTo.ts';

/** Balance of one key (produto × depósito × lote): quantity, moving-average cost, value. */
export interface StockState {
  qtd: number;
  custoMedio: number;
  valor: number;
}

/** One movement as the ledger stores it: signed quantity, unit cost, the balance after it, value change. */
export interface StockPosting {
  qtd: number;
  custoUnitario: number;
  after: StockState;
  difValor: number;
}

/** A movement to apply: entrada at a cost, saída at the average, or a balanço to a counted quantity. */
export type StockMovement =
  | { tipo: 'entrada'; qtd: number; custo: number }
  | { tipo: 'saida'; qtd: number }
  | { tipo: 'balanco'; contada: number; custo?: number | null };

export const EMPTY_STOCK: StockState = { qtd: 0, custoMedio: 0, valor: 0 };

const qty = (value: number) => roundTo(value, 4);
const cost = (value: number) => roundTo(value, 6);

function finish(before: StockState, qtd: number, custoUnitario: number, custoMedio: number): StockPosting {
  const after = { qtd: qty(before.qtd + qtd), custoMedio: cost(custoMedio), valor: 0 };
  // The value follows the rounded product, so Σ difValor telescopes to the balance's value (E2).
  after.valor = roundMoney(after.qtd * after.custoMedio);
  return { qtd: qty(qtd), custoUnitario, after, difValor: roundMoney(after.valor - before.valor) };
}

/**
 * Moving-average valuation (flows.md §1, ERPNext get_moving_average_values): an entrada on a positive
 * balance averages (valor + q·c)/(qtd + q); on a balance ≤ 0 the average restarts at the entrada's cost;
 * a saída leaves at the current average, which does not change (E4); a balanço sets the quantity to the
 * counted one, at the given cost or the current average (E8: difValor = contada·custo − valor anterior).
 */
export function applyStockMovement(before: StockState, movement: StockMovement): StockPosting {
  if (movement.tipo === 'entrada') {
    const q = qty(movement.qtd);
    const average =
      before.qtd <= 0 ? movement.custo : (before.valor + q * movement.custo) / (before.qtd + q);
    return finish(before, q, movement.custo, average);
  }
  if (movement.tipo === 'saida') return finish(before, -qty(movement.qtd), before.custoMedio, before.custoMedio);
  const custo = movement.custo ?? before.custoMedio;
  const delta = qty(movement.contada - before.qtd);
  return finish(before, delta, custo, custo);
}
