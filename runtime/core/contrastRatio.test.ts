import { describe, expect, it } from 'vitest';
import { contrastRatio, parseHexColor, relativeLuminance } from './contrastRatio.ts';

describe('contrastRatio (WCAG 2.1)', () => {
  it.each([
    ['#000000', '#ffffff', 21],
    ['#ffffff', '#ffffff', 1],
    ['#777777', '#ffffff', 4.48],
    ['#767676', '#ffffff', 4.54],
    ['#2196f3', '#ffffff', 3.12],
    ['#2196f3', '#ebebeb', 2.62],
    ['#ff0000', '#ffffff', 4],
    ['#0000ff', '#ffffff', 8.59],
  ])('%s against %s is %d:1', (a, b, ratio) => {
    expect(contrastRatio(a, b)).toBeCloseTo(ratio, 2);
    expect(contrastRatio(b, a)).toBe(contrastRatio(a, b));
  });

  it('reads #rgb, upper case and a missing #', () => {
    expect(parseHexColor('#FfF')).toEqual([255, 255, 255]);
    expect(parseHexColor('0F255F')).toEqual([15, 37, 95]);
    expect(relativeLuminance('#000')).toBe(0);
    expect(relativeLuminance('#fff')).toBe(1);
  });

  it('throws on what is not a hex colour', () => {
    expect(() => parseHexColor('blue')).toThrow('cor inválida: blue');
    expect(() => parseHexColor('#12345')).toThrow();
  });
});
