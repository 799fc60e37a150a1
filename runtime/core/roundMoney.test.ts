import { describe, expect, it } from 'vitest';
import { roundMoney } from './roundMoney.ts';

describe('roundMoney', () => {
  it('rounds to two decimals', () => {
    expect(roundMoney(14.285714)).toBe(14.29);
    expect(roundMoney(14.284)).toBe(14.28);
    expect(roundMoney(10)).toBe(10);
  });

  it('fixes the binary error that plain Math.round(x * 100) / 100 gets wrong', () => {
    expect(Math.round(1.005 * 100) / 100).toBe(1); // the naive result this helper exists to avoid
    expect(roundMoney(1.005)).toBe(1.01);
    expect(roundMoney(1234.005)).toBe(1234.01);
    expect(roundMoney(8.345)).toBe(8.35);
    expect(roundMoney(0.285)).toBe(0.29);
  });

  it('rounds halves away from zero for negatives', () => {
    expect(roundMoney(-1.005)).toBe(-1.01);
    expect(roundMoney(-2.5)).toBe(-2.5);
    expect(roundMoney(-0.125)).toBe(-0.13);
  });

  it('never returns a negative zero', () => {
    expect(Object.is(roundMoney(-0.004), 0)).toBe(true);
  });

  it('passes non-finite numbers through', () => {
    expect(roundMoney(Number.NaN)).toBeNaN();
    expect(roundMoney(Number.NEGATIVE_INFINITY)).toBe(Number.NEGATIVE_INFINITY);
  });
});
