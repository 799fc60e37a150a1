/**
 * Sale price from cost by profit margin or by markup (spec 001 §9). Results are exact, not rounded: round
 * for display or storage with roundMoney.
 */

/** Throws a pt-BR RangeError unless every value is a finite number. */
function assertFinite(values: Record<string, number>): void {
  for (const [name, value] of Object.entries(values)) {
    if (!Number.isFinite(value)) throw new RangeError(`O valor de ${name} deve ser um número válido.`);
  }
}

/** Price for a margin on the price: cost / (100 − margin) × 100; a margin of 100% or more throws RangeError. */
export function priceFromMargin(cost: number, margin: number): number {
  assertFinite({ custo: cost, margem: margin });
  if (margin >= 100) throw new RangeError('A margem de lucro deve ser menor que 100%.');
  return (cost / (100 - margin)) * 100;
}

/** Price for a markup on the cost: cost × markup / 100 + cost. */
export function priceFromMarkup(cost: number, markup: number): number {
  assertFinite({ custo: cost, markup });
  return (cost * markup) / 100 + cost;
}

/** Margin (% of the price) that turns cost into price, the inverse of priceFromMargin; price 0 throws RangeError. */
export function marginFromPrice(cost: number, price: number): number {
  assertFinite({ custo: cost, 'preço de venda': price });
  if (price === 0)
    throw new RangeError('O preço de venda deve ser diferente de zero para calcular a margem.');
  return ((price - cost) / price) * 100;
}

/** Markup (% of the cost) that turns cost into price, the inverse of priceFromMarkup; cost 0 throws RangeError. */
export function markupFromPrice(cost: number, price: number): number {
  assertFinite({ custo: cost, 'preço de venda': price });
  if (cost === 0) throw new RangeError('O custo deve ser diferente de zero para calcular o markup.');
  return ((price - cost) / cost) * 100;
}
