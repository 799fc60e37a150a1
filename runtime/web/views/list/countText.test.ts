import { describe, expect, it } from 'vitest';
import { countText } from './countText.ts';

describe('countText', () => {
  it('shows exact counts in full', () => {
    expect(countText(1)).toBe('1 registro');
    expect(countText(0)).toBe('0 registros');
    expect(countText(1_234_567)).toBe('1.234.567 registros');
  });

  it('shows an estimate as "cerca de" in words', () => {
    expect(countText(1_234_567, true)).toBe('cerca de 1,2 milhão de registros');
    expect(countText(2_560_000, true)).toBe('cerca de 2,6 milhões de registros');
    expect(countText(53_210, true)).toBe('cerca de 53,2 mil registros');
    expect(countText(1_000_000_000, true)).toBe('cerca de 1 bilhão de registros');
  });
});
