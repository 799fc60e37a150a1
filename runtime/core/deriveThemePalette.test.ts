import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { contrastRatio } from './contrastRatio.ts';
import { deriveThemePalette, LIGHT_SURFACES } from './deriveThemePalette.ts';

const themesFile = JSON.parse(
  readFileSync(new URL('../../schemas/tenant/themes.json', import.meta.url), 'utf8'),
) as { themes: Record<string, { themeColor: string; useCustomColor?: boolean }> };
const settingsSchema = JSON.parse(
  readFileSync(new URL('../../schemas/_meta/tenant-settings.schema.json', import.meta.url), 'utf8'),
);
const defaultSecondary: string = settingsSchema.properties.misc.properties.secondaryThemeColor.default;
const themes = Object.entries(themesFile.themes);

/** Every text/background pair a palette colour takes part in, with its ratio. */
function pairs(palette: ReturnType<typeof deriveThemePalette>) {
  const { fieldBorder, ...colors } = palette;
  return Object.entries(colors).flatMap(([name, color]) => [
    ...Object.entries(LIGHT_SURFACES).map(([surface, background]) => ({
      pair: `${name}.main on ${surface}`,
      ratio: contrastRatio(color.main, background),
    })),
    { pair: `${name}.contrastText on ${name}.main`, ratio: contrastRatio(color.contrastText, color.main) },
  ]);
}

describe('deriveThemePalette: every theme reaches WCAG 2.1 AA', () => {
  it('covers the 13 shipped themes', () => {
    expect(themes).toHaveLength(13);
  });

  it.each(themes)('%s', (_name, theme) => {
    const palette = deriveThemePalette(theme.themeColor, defaultSecondary);
    const failing = pairs(palette).filter((entry) => entry.ratio < 4.5);
    expect(failing).toEqual([]);
    expect(palette.primary.brand).toBe(theme.themeColor);
  });

  it('gives text fields a resting border of 3:1 (WCAG 1.4.11), no darker than needed', () => {
    const { fieldBorder } = deriveThemePalette('#2196f3', defaultSecondary);
    for (const surface of Object.values(LIGHT_SURFACES)) {
      expect(contrastRatio(fieldBorder, surface)).toBeGreaterThanOrEqual(3);
    }
    expect(contrastRatio(fieldBorder, LIGHT_SURFACES.selected)).toBeLessThan(3.2);
  });

  it('keeps a brand colour that already passes, and the hue of one that does not', () => {
    expect(deriveThemePalette('#0F255F', defaultSecondary).primary.main).toBe('#0f255f');
    const azul = deriveThemePalette('#2196f3', defaultSecondary).primary.main;
    expect(azul).not.toBe('#2196f3');
    const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(azul.slice(i, i + 2), 16));
    expect(b).toBeGreaterThan(g as number);
    expect(g).toBeGreaterThan(r as number);
  });

  it.each(['#707070', '#ffff00', '#ffffff', '#000000', '#00ffff', '#ff00ff', '#7f7f7f', '#ff9300'])(
    'a custom colour typed by an operator (%s) goes through the same rule',
    (custom) => {
      expect(pairs(deriveThemePalette(custom, custom)).filter((entry) => entry.ratio < 4.5)).toEqual([]);
    },
  );
});
