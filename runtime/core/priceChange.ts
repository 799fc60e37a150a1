import { marginFromPrice, markupFromPrice } from './pricing.ts';
import { roundMoney } from './roundMoney.ts';

/** A bulk change of sale prices (Estoque › Alteração de preço). */
export interface PriceChangeRule {
  /** percentual: a percentage of the current price; valor: an amount in reais. */
  tipo: 'percentual' | 'valor';
  /** aumentar/diminuir the current price, or definir (valor only) the same price for every product. */
  operacao: 'aumentar' | 'diminuir' | 'definir';
  /** The percentage or the amount (always positive). */
  quantidade: number;
  /** Recompute margem and markup from the product's cost and the new price (spec 001 §9 formulas). */
  recalcularMargens: boolean;
}

/** What a product holds before the change. */
export interface PricedProduct {
  precoVenda: number | null;
  custo: number | null;
  margem: number | null;
  markup: number | null;
}

/**
 * The result for one product: alterado (new price differs), semAlteracao, semPreco (a relative change
 * needs a current price) or invalido (the new price would be zero or negative; blocks the application).
 */
export interface PriceChangeResult {
  situacao: 'alterado' | 'semAlteracao' | 'semPreco' | 'invalido';
  precoNovo: number | null;
  margemNova: number | null;
  markupNovo: number | null;
}

/** Largest increase accepted, in percent (a typo such as 1000 instead of 10 is stopped above this). */
export const MAX_PERCENT_INCREASE = 1000;
/** Largest amount accepted for a change in reais. */
export const MAX_PRICE_AMOUNT = 10_000_000;

/** The pt-BR message of an invalid rule (percentage or amount out of bounds), or null when it is valid. */
export function priceChangeRuleError(rule: PriceChangeRule): string | null {
  const { tipo, operacao, quantidade } = rule;
  if (!Number.isFinite(quantidade)) return 'Informe um número válido.';
  if (tipo === 'percentual') {
    if (operacao === 'definir') return 'Para definir um preço fixo, escolha o tipo "valor".';
    if (quantidade <= 0) return 'O percentual deve ser maior que zero.';
    if (operacao === 'aumentar' && quantidade > MAX_PERCENT_INCREASE)
      return `O percentual de aumento deve ser no máximo ${MAX_PERCENT_INCREASE}%.`;
    if (operacao === 'diminuir' && quantidade >= 100)
      return 'O percentual de redução deve ser menor que 100%.';
    return null;
  }
  if (quantidade <= 0) return 'O valor deve ser maior que zero.';
  if (quantidade > MAX_PRICE_AMOUNT) return 'O valor informado é grande demais.';
  if (roundMoney(quantidade) !== quantidade) return 'O valor deve ter no máximo duas casas decimais.';
  return null;
}

/** Rounds a percentage to two decimals, keeping it within the margin's bounds (below 100%). */
function roundPercent(value: number, max?: number): number {
  const rounded = roundMoney(value);
  return max !== undefined ? Math.min(rounded, max) : rounded;
}

/**
 * Applies a valid rule to one product: the new price rounded to cents (half away from zero) and, when
 * asked and the product has a cost, margem and markup recomputed from it. A price below the cost has no
 * margin the product can store (both are ≥ 0), so they are cleared.
 */
export function applyPriceChange(product: PricedProduct, rule: PriceChangeRule): PriceChangeResult {
  const current = product.precoVenda;
  const unchanged = { precoNovo: current, margemNova: product.margem, markupNovo: product.markup };
  let raw: number;
  if (rule.operacao === 'definir') raw = rule.quantidade;
  else if (current === null) return { situacao: 'semPreco', ...unchanged };
  else if (rule.tipo === 'percentual') {
    const factor = rule.operacao === 'aumentar' ? 1 + rule.quantidade / 100 : 1 - rule.quantidade / 100;
    raw = current * factor;
  } else raw = rule.operacao === 'aumentar' ? current + rule.quantidade : current - rule.quantidade;
  const precoNovo = roundMoney(raw);
  if (precoNovo <= 0) return { situacao: 'invalido', precoNovo, margemNova: null, markupNovo: null };
  let margemNova = product.margem;
  let markupNovo = product.markup;
  const cost = product.custo;
  if (rule.recalcularMargens && cost !== null && cost > 0) {
    if (precoNovo < cost) {
      margemNova = null;
      markupNovo = null;
    } else {
      margemNova = roundPercent(marginFromPrice(cost, precoNovo), 99.99);
      markupNovo = roundPercent(markupFromPrice(cost, precoNovo));
    }
  }
  const changed = precoNovo !== current || margemNova !== product.margem || markupNovo !== product.markup;
  return { situacao: changed ? 'alterado' : 'semAlteracao', precoNovo, margemNova, markupNovo };
}
