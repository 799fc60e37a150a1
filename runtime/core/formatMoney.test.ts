import { describe, expect, it } from 'vitest';
import { formatBRL, parseBRL } from './formatMoney.ts';

describe('formatBRL', () => {
  it('formats with the R$ prefix, a plain space, dot thousands and comma decimals', () => {
    expect(formatBRL(1234.56)).toBe('R$ 1.234,56');
    expect(formatBRL(1234.56).charCodeAt(2)).toBe(32);
  });

  it.each([
    [0, 'R$ 0,00'],
    [0.5, 'R$ 0,50'],
    [999.99, 'R$ 999,99'],
    [1000, 'R$ 1.000,00'],
    [1234567.8, 'R$ 1.234.567,80'],
  ])('formats %d as %j', (value, text) => {
    expect(formatBRL(value)).toBe(text);
  });

  it('puts the minus sign before the prefix', () => {
    expect(formatBRL(-1234.56)).toBe('-R$ 1.234,56');
  });

  it('rounds half away from zero to cents, including binary edge cases', () => {
    expect(formatBRL(1.005)).toBe('R$ 1,01');
    expect(formatBRL(2.675)).toBe('R$ 2,68');
    expect(formatBRL(1.004)).toBe('R$ 1,00');
    expect(formatBRL(-1.005)).toBe('-R$ 1,01');
  });

  it('does not show a negative zero', () => {
    expect(formatBRL(-0.001)).toBe('R$ 0,00');
  });

  it('gives an empty string for null, undefined and non-finite numbers', () => {
    expect(formatBRL(null)).toBe('');
    expect(formatBRL(undefined)).toBe('');
    expect(formatBRL(Number.NaN)).toBe('');
    expect(formatBRL(Number.POSITIVE_INFINITY)).toBe('');
  });
});

describe('parseBRL', () => {
  it.each([
    ['R$ 1.234,56', 1234.56],
    ['-R$ 1.234,56', -1234.56],
    ['R$ -1.234,56', -1234.56],
    ['1234,5', 1234.5],
    ['1.000', 1000],
    ['0,01', 0.01],
    ['R$\u00a01.234,56', 1234.56],
  ])('reads %j as %d', (text, value) => {
    expect(parseBRL(text)).toBe(value);
  });

  it('round-trips what formatBRL produces', () => {
    for (const value of [0, 0.1, 12.34, -987654.32, 1000000]) expect(parseBRL(formatBRL(value))).toBe(value);
  });

  it('returns 0, not -0, for a negative zero', () => {
    expect(Object.is(parseBRL('-R$ 0,00'), 0)).toBe(true);
  });

  it.each(['', 'abc', '1,2,3', '12.34', '1.23.456', '--1', 'R$', null, undefined])('rejects %j', (text) => {
    expect(parseBRL(text)).toBeNull();
  });
});
