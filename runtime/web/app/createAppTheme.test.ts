import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { contrastRatio } from '../../core/contrastRatio.ts';
import { createAppTheme } from './createAppTheme.ts';

const themes = Object.entries(
  JSON.parse(readFileSync(new URL('../../../schemas/tenant/themes.json', import.meta.url), 'utf8'))
    .themes as Record<string, { themeColor: string }>,
);

/** '#rrggbb' of an MUI colour string ('#rgb', '#rrggbb' or 'rgb(r, g, b)'). */
function hex(color: string): string {
  const rgb = /^rgba?\((\d+),\s*(\d+),\s*(\d+)/.exec(color);
  if (!rgb) return color;
  return `#${rgb
    .slice(1, 4)
    .map((channel) => Number(channel).toString(16).padStart(2, '0'))
    .join('')}`;
}

/** Black at `alpha` over a background: MUI's action.selected / text colours as the eye sees them. */
function blackOver(alpha: number, background: string): string {
  const channels = [1, 3, 5].map((i) => Number.parseInt(background.slice(i, i + 2), 16) * (1 - alpha));
  return `#${channels.map((channel) => Math.round(channel).toString(16).padStart(2, '0')).join('')}`;
}

describe('createAppTheme: the MUI palette of every theme reaches WCAG 2.1 AA', () => {
  it.each(themes)('%s', (_name, { themeColor }) => {
    const { palette } = createAppTheme(themeColor, '#ff9300');
    const paper = palette.background.paper;
    const selected = blackOver(0.08, paper);
    const failing: string[] = [];
    const check = (pair: string, a: string, b: string) => {
      const ratio = contrastRatio(hex(a), hex(b));
      if (ratio < 4.5) failing.push(`${pair}: ${ratio.toFixed(2)}`);
    };
    for (const key of ['primary', 'secondary', 'error', 'warning', 'info', 'success'] as const) {
      const color = palette[key];
      check(`${key}.contrastText on main`, color.contrastText, color.main);
      check(`${key}.contrastText on dark (hover)`, color.contrastText, color.dark);
      check(`${key}.main on paper`, color.main, paper);
      check(`${key}.main on the page background`, color.main, palette.background.default);
      check(`${key}.main on a selected entry`, color.main, selected);
    }
    const secondaryAlpha = Number(/,\s*([\d.]+)\)$/.exec(palette.text.secondary)?.[1]);
    check(
      'text.secondary on the page background',
      blackOver(secondaryAlpha, palette.background.default),
      palette.background.default,
    );
    expect(failing).toEqual([]);
  });

  it('outlines text fields at 3:1 (WCAG 1.4.11 non-text contrast)', () => {
    const theme = createAppTheme('#2196f3', '#ff9300');
    const overrides = theme.components?.MuiOutlinedInput?.styleOverrides as {
      notchedOutline: { borderColor: string };
    };
    const border = overrides.notchedOutline.borderColor;
    expect(contrastRatio(border, theme.palette.background.paper)).toBeGreaterThanOrEqual(3);
    expect(contrastRatio(border, theme.palette.background.default)).toBeGreaterThanOrEqual(3);
  });

  it('the default theme no longer puts white on #2196f3 (3.1:1)', () => {
    const { palette } = createAppTheme('#2196f3', '#ff9300');
    expect(palette.primary.main).not.toBe('#2196f3');
    expect(contrastRatio(palette.primary.contrastText, palette.primary.main)).toBeGreaterThanOrEqual(4.5);
  });
});
