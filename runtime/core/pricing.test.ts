import { describe, expect, it } from 'vitest';
import { marginFromPrice, markupFromPrice, priceFromMargin, priceFromMarkup } from './pricing.ts';
import { roundMoney } from './roundMoney.ts';

describe('priceFromMargin', () => {
  it('applies price = cost / (100 − margin) × 100', () => {
    expect(priceFromMargin(100, 20)).toBe(125); // 100 / 80 × 100
    expect(priceFromMargin(80, 50)).toBe(160);
    expect(priceFromMargin(50, 0)).toBe(50);
  });

  it('does not round: 10 at 30% is 14.2857…, rounded separately to 14.29', () => {
    const price = priceFromMargin(10, 30);
    expect(price).toBeCloseTo(14.285714285714, 10);
    expect(roundMoney(price)).toBe(14.29);
  });

  it('accepts a negative margin (selling below cost)', () => {
    expect(priceFromMargin(100, -25)).toBe(80);
  });

  it('throws a pt-BR RangeError for a margin of 100% or more', () => {
    expect(() => priceFromMargin(100, 100)).toThrow(RangeError);
    expect(() => priceFromMargin(100, 150)).toThrow('A margem de lucro deve ser menor que 100%.');
  });

  it('throws for non-finite input', () => {
    expect(() => priceFromMargin(Number.NaN, 10)).toThrow('O valor de custo deve ser um número válido.');
  });
});

describe('priceFromMarkup', () => {
  it('applies price = cost × markup / 100 + cost', () => {
    expect(priceFromMarkup(100, 25)).toBe(125);
    expect(priceFromMarkup(7.5, 40)).toBe(10.5);
    expect(priceFromMarkup(200, 0)).toBe(200);
  });

  it('rounds only through the helper: 19.99 at 33% is 26.5867, i.e. 26.59', () => {
    expect(priceFromMarkup(19.99, 33)).toBeCloseTo(26.5867, 10);
    expect(roundMoney(priceFromMarkup(19.99, 33))).toBe(26.59);
  });

  it('throws for non-finite input', () => {
    expect(() => priceFromMarkup(10, Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });
});

describe('marginFromPrice', () => {
  it('inverts priceFromMargin', () => {
    expect(marginFromPrice(100, 125)).toBe(20);
    expect(marginFromPrice(80, 160)).toBe(50);
    expect(marginFromPrice(10, priceFromMargin(10, 30))).toBeCloseTo(30, 10);
  });

  it('is negative when the price is below cost', () => {
    expect(marginFromPrice(100, 80)).toBe(-25);
  });

  it('throws a RangeError for a zero price', () => {
    expect(() => marginFromPrice(100, 0)).toThrow(RangeError);
  });
});

describe('markupFromPrice', () => {
  it('inverts priceFromMarkup', () => {
    expect(markupFromPrice(100, 125)).toBe(25);
    expect(markupFromPrice(7.5, 10.5)).toBeCloseTo(40, 10);
  });

  it('relates to the margin: a 25% markup is a 20% margin on the same price', () => {
    expect(marginFromPrice(100, priceFromMarkup(100, 25))).toBe(20);
  });

  it('throws a RangeError for a zero cost', () => {
    expect(() => markupFromPrice(0, 10)).toThrow(
      'O custo deve ser diferente de zero para calcular o markup.',
    );
  });
});
