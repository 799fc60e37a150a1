import { describe, expect, it } from 'vitest';
import { ratearValor } from './ratearValor.ts';

describe('ratearValor', () => {
  it('10,00 over 3 equal items: 3,33 + 3,33 + 3,33 = 9,99, the 0,01 left goes to the first largest → 3,34', () => {
    expect(ratearValor(10, [1, 1, 1])).toEqual([3.34, 3.33, 3.33]);
  });
  it('proportional: 15,00 over 100 and 200 → 5,00 and 10,00', () => {
    expect(ratearValor(15, [100, 200])).toEqual([5, 10]);
  });
  it('nothing to split gives zeros', () => {
    expect(ratearValor(0, [5, 6])).toEqual([0, 0]);
  });
});
