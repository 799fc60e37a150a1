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
  | { tipo: 'balanco'; contada: number; custo?: number | null }
  | { tipo: 'valorado'; qtd: number; valor: number };

export const EMPTY_STOCK: StockState = { qtd: 0, custoMedio: 0, valor: 0 };

const qty = (value: number) => roundTo(value, 6);
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
 * A `valorado` movement carries its own value change (the destination of a transfer receives exactly what
 * left the origin, E7; a reversal takes back exactly what its row posted): the average follows the value.
 */
export function applyStockMovement(before: StockState, movement: StockMovement): StockPosting {
  if (movement.tipo === 'entrada') {
    const q = qty(movement.qtd);
    const average = before.qtd <= 0 ? movement.custo : (before.valor + q * movement.custo) / (before.qtd + q);
    return finish(before, q, movement.custo, average);
  }
  if (movement.tipo === 'saida')
    return finish(before, -qty(movement.qtd), before.custoMedio, before.custoMedio);
  if (movement.tipo === 'valorado') return applyValued(before, qty(movement.qtd), movement.valor);
  const custo = movement.custo ?? before.custoMedio;
  const delta = qty(movement.contada - before.qtd);
  return finish(before, delta, custo, custo);
}

function applyValued(before: StockState, q: number, valor: number): StockPosting {
  const unit = q === 0 ? before.custoMedio : Math.abs(valor / q);
  // Entering a balance ≤ 0 restarts the average, as an entrada does.
  if (q > 0 && before.qtd <= 0) return finish(before, q, cost(unit), unit);
  const afterQtd = qty(before.qtd + q);
  if (afterQtd <= 0) return finish(before, q, cost(unit), before.custoMedio);
  const afterValor = roundMoney(before.valor + valor);
  const after = { qtd: afterQtd, custoMedio: cost(afterValor / afterQtd), valor: afterValor };
  return { qtd: q, custoUnitario: cost(unit), after, difValor: roundMoney(afterValor - before.valor) };
}
