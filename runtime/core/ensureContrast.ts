import { contrastRatio, parseHexColor } from './contrastRatio.ts';

/** WCAG 2.1 AA: normal text 4.5:1; large text (≥ 24 px, or 18.66 px bold) and UI components 3:1. */
export const WCAG_AA = { text: 4.5, largeText: 3, component: 3 } as const;

type Hsl = [hue: number, saturation: number, lightness: number];

function toHsl(color: string): Hsl {
  const [r, g, b] = parseHexColor(color).map((channel) => channel / 255) as [number, number, number];
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const lightness = (max + min) / 2;
  if (max === min) return [0, 0, lightness];
  const delta = max - min;
  const saturation = lightness > 0.5 ? delta / (2 - max - min) : delta / (max + min);
  const hue =
    max === r ? (g - b) / delta + (g < b ? 6 : 0) : max === g ? (b - r) / delta + 2 : (r - g) / delta + 4;
  return [hue * 60, saturation, lightness];
}

function toHex([hue, saturation, lightness]: Hsl): string {
  const chroma = (1 - Math.abs(2 * lightness - 1)) * saturation;
  const channel = (n: number) => {
    const k = (n + hue / 30) % 12;
    const value = lightness - (chroma / 2) * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return Math.round(Math.min(1, Math.max(0, value)) * 255)
      .toString(16)
      .padStart(2, '0');
  };
  return `#${channel(0)}${channel(8)}${channel(4)}`;
}

const meetsAll = (color: string, backgrounds: readonly string[], minRatio: number) =>
  backgrounds.every((background) => contrastRatio(color, background) >= minRatio);

/**
 * The colour closest to `color` (same hue and saturation, only its lightness moved: darkened on light
 * backgrounds, lightened on dark ones) that reaches `minRatio` against every background; `color` itself,
 * as lower-case #rrggbb, when it already does. Falls back to black or white when no lightness reaches it.
 */
export function ensureContrast(
  color: string,
  background: string | readonly string[],
  minRatio: number = WCAG_AA.text,
): string {
  const backgrounds = typeof background === 'string' ? [background] : background;
  const original = toHex(toHsl(color));
  if (meetsAll(original, backgrounds, minRatio)) return original;
  const darken = backgrounds.every((bg) => contrastRatio('#000000', bg) >= contrastRatio('#ffffff', bg));
  const [hue, saturation, lightness] = toHsl(color);
  // Luminance grows with HSL lightness at a fixed hue and saturation: bisect for the nearest passing lightness.
  let passing = darken ? 0 : 1;
  let failing = lightness;
  for (let step = 0; step < 24; step++) {
    const middle = (passing + failing) / 2;
    if (meetsAll(toHex([hue, saturation, middle]), backgrounds, minRatio)) passing = middle;
    else failing = middle;
  }
  const found = toHex([hue, saturation, passing]);
  if (meetsAll(found, backgrounds, minRatio)) return found;
  return darken ? '#000000' : '#ffffff';
}

/**
 * Text colour for a background: white when it reaches `minRatio` (the brand look of filled buttons and
 * bars), otherwise a near-black darkened as far as needed.
 */
export function readableOn(background: string, minRatio: number = WCAG_AA.text): string {
  if (contrastRatio('#ffffff', background) >= minRatio) return '#ffffff';
  return ensureContrast('#212121', background, minRatio);
}
