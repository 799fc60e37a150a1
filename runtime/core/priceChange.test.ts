import { describe, expect, it } from 'vitest';
import { applyPriceChange, type PriceChangeRule, priceChangeRuleError } from './priceChange.ts';

const rule = (over: Partial<PriceChangeRule>): PriceChangeRule => ({
  tipo: 'percentual',
  operacao: 'aumentar',
  quantidade: 10,
  recalcularMargens: false,
  ...over,
});
const product = { precoVenda: 19.99, custo: 10, margem: 49.97, markup: 99.9 };

describe('priceChangeRuleError', () => {
  it('bounds percentages and amounts', () => {
    expect(priceChangeRuleError(rule({}))).toBeNull();
    expect(priceChangeRuleError(rule({ quantidade: 0 }))).toBe('O percentual deve ser maior que zero.');
    expect(priceChangeRuleError(rule({ quantidade: 1001 }))).toContain('no máximo 1000%');
    expect(priceChangeRuleError(rule({ operacao: 'diminuir', quantidade: 100 }))).toContain('menor que 100%');
    expect(priceChangeRuleError(rule({ operacao: 'definir' }))).toContain('tipo "valor"');
    expect(priceChangeRuleError(rule({ tipo: 'valor', quantidade: 1.005 }))).toContain('duas casas');
    expect(priceChangeRuleError(rule({ tipo: 'valor', operacao: 'definir', quantidade: 5 }))).toBeNull();
  });
});

describe('applyPriceChange', () => {
  it('raises by a percentage, rounding half away from zero to cents', () => {
    // 19.99 × 1.1 = 21.989 → 21.99; 10.05 × 1.05 = 10.5525 → 10.55
    expect(applyPriceChange(product, rule({})).precoNovo).toBe(21.99);
    expect(applyPriceChange({ ...product, precoVenda: 10.05 }, rule({ quantidade: 5 })).precoNovo).toBe(
      10.55,
    );
    // 0.1 × 1.05 = 0.105 → 0.11 (not 0.10)
    expect(applyPriceChange({ ...product, precoVenda: 0.1 }, rule({ quantidade: 5 })).precoNovo).toBe(0.11);
  });

  it('lowers by a percentage or an amount, and sets a fixed price', () => {
    expect(applyPriceChange(product, rule({ operacao: 'diminuir', quantidade: 50 })).precoNovo).toBe(10);
    expect(applyPriceChange(product, rule({ tipo: 'valor', quantidade: 0.01 })).precoNovo).toBe(20);
    const fixed = applyPriceChange(
      { ...product, precoVenda: null },
      rule({ tipo: 'valor', operacao: 'definir', quantidade: 7.5 }),
    );
    expect(fixed).toMatchObject({ situacao: 'alterado', precoNovo: 7.5 });
  });

  it('marks products without price and prices that would not stay positive', () => {
    expect(applyPriceChange({ ...product, precoVenda: null }, rule({})).situacao).toBe('semPreco');
    const negative = applyPriceChange(product, rule({ tipo: 'valor', operacao: 'diminuir', quantidade: 20 }));
    expect(negative.situacao).toBe('invalido');
    const same = applyPriceChange(product, rule({ tipo: 'valor', operacao: 'definir', quantidade: 19.99 }));
    expect(same.situacao).toBe('semAlteracao');
  });

  it('recomputes margin and markup from the cost with the core pricing formulas', () => {
    const result = applyPriceChange(
      product,
      rule({ tipo: 'valor', operacao: 'definir', quantidade: 25, recalcularMargens: true }),
    );
    // margem = (25 − 10) / 25 × 100 = 60; markup = (25 − 10) / 10 × 100 = 150
    expect(result).toMatchObject({ precoNovo: 25, margemNova: 60, markupNovo: 150 });
    const below = applyPriceChange(
      product,
      rule({ tipo: 'valor', operacao: 'definir', quantidade: 8, recalcularMargens: true }),
    );
    expect(below).toMatchObject({ situacao: 'alterado', margemNova: null, markupNovo: null });
    const noCost = applyPriceChange({ ...product, custo: null }, rule({ recalcularMargens: true }));
    expect(noCost).toMatchObject({ margemNova: 49.97, markupNovo: 99.9 });
  });
});
