import { describe, expect, it } from 'vitest';
import { contrastRatio } from './contrastRatio.ts';
import { ensureContrast, readableOn } from './ensureContrast.ts';

/** Hue of a colour in degrees, to check that adjusting keeps the brand's hue. */
function hue(color: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(color.slice(i, i + 2), 16) / 255) as [
    number,
    number,
    number,
  ];
  const max = Math.max(r, g, b);
  const delta = max - Math.min(r, g, b);
  const h = max === r ? ((g - b) / delta) % 6 : max === g ? (b - r) / delta + 2 : (r - g) / delta + 4;
  return (h * 60 + 360) % 360;
}

describe('ensureContrast', () => {
  it('returns a colour that already passes unchanged (normalised)', () => {
    expect(ensureContrast('#0F255F', '#ffffff')).toBe('#0f255f');
    expect(ensureContrast('#767676', '#ffffff', 4.5)).toBe('#767676');
  });

  it.each(['#2196f3', '#05DD8A', '#ff9300', '#f44336', '#4caf50', '#777777', '#ffff00', '#ffffff'])(
    'darkens %s just enough for 4.5:1 on white, keeping its hue',
    (color) => {
      const adjusted = ensureContrast(color, '#ffffff', 4.5);
      const ratio = contrastRatio(adjusted, '#ffffff');
      expect(ratio).toBeGreaterThanOrEqual(4.5);
      // Minimal: one step of 8-bit rounding more would not be needed.
      expect(ratio).toBeLessThan(4.75);
      if (!['#777777', '#ffffff'].includes(color))
        expect(Math.abs(hue(adjusted) - hue(color))).toBeLessThan(4);
    },
  );

  it('lightens on a dark background and honours every background given', () => {
    const light = ensureContrast('#213c8b', '#121212', 4.5);
    expect(contrastRatio(light, '#121212')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(light, '#ffffff')).toBeLessThan(contrastRatio('#213c8b', '#ffffff'));
    const both = ensureContrast('#2196f3', ['#ffffff', '#ebebeb'], 4.5);
    expect(contrastRatio(both, '#ebebeb')).toBeGreaterThanOrEqual(4.5);
  });

  it('accepts the 3:1 of large text and UI components', () => {
    const adjusted = ensureContrast('#05dd8a', '#ffffff', 3);
    expect(contrastRatio(adjusted, '#ffffff')).toBeGreaterThanOrEqual(3);
    expect(contrastRatio(adjusted, '#ffffff')).toBeLessThan(3.2);
  });
});

describe('readableOn', () => {
  it('is white on dark fills and dark on light ones, at 4.5:1 or more', () => {
    expect(readableOn('#0f255f')).toBe('#ffffff');
    expect(readableOn('#05dd8a')).not.toBe('#ffffff');
    for (const background of ['#2196f3', '#05dd8a', '#ff9300', '#777777', '#ffff00', '#000000', '#ffffff']) {
      expect(contrastRatio(readableOn(background), background)).toBeGreaterThanOrEqual(4.5);
    }
  });
});
