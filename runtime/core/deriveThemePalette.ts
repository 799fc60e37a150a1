import { ensureContrast, readableOn, WCAG_AA } from './ensureContrast.ts';

/**
 * The light surfaces the app puts coloured text on: paper (cards, dialogs, app bar), the page
 * background, and the selected menu entry (black at 8 % over white).
 */
export const LIGHT_SURFACES = { paper: '#ffffff', background: '#f4f6f8', selected: '#ebebeb' } as const;

/** Material's status colours, adjusted like the brand ones. */
export const STATUS_COLORS = {
  error: '#d32f2f',
  warning: '#ed6c02',
  info: '#0288d1',
  success: '#2e7d32',
} as const;

export interface AccessibleColor {
  /** The brand colour as typed, for decorative use only (favicon, meta theme-color). */
  brand: string;
  /** Usable as text on every light surface and as a fill under `contrastText`: ≥ 4.5:1 both ways. */
  main: string;
  /** Text on `main` (filled buttons, chips, avatars, the sign-in cover). */
  contrastText: string;
}

export type ThemePalette = Record<'primary' | 'secondary' | keyof typeof STATUS_COLORS, AccessibleColor> & {
  /** Border of a text field or select at rest: a UI component's boundary, 3:1 on every light surface. */
  fieldBorder: string;
};

/** Material's resting outline of a text field (black at 23 % over white, 1.6:1): too faint to find the field. */
const MATERIAL_FIELD_BORDER = '#c4c4c4';

const SURFACES = Object.values(LIGHT_SURFACES);

/** One colour made AA-safe: darkened just enough to read on every light surface, with its text colour. */
export function accessibleColor(brand: string): AccessibleColor {
  const main = ensureContrast(brand, SURFACES, WCAG_AA.text);
  return { brand, main, contrastText: readableOn(main, WCAG_AA.text) };
}

/**
 * The palette of a white-label from its theme colour and secondary colour (a named theme's or the
 * operator's custom one): every text/background pair the app draws reaches WCAG 2.1 AA (4.5:1).
 */
export function deriveThemePalette(primary: string, secondary: string): ThemePalette {
  return {
    primary: accessibleColor(primary),
    secondary: accessibleColor(secondary),
    error: accessibleColor(STATUS_COLORS.error),
    warning: accessibleColor(STATUS_COLORS.warning),
    info: accessibleColor(STATUS_COLORS.info),
    success: accessibleColor(STATUS_COLORS.success),
    fieldBorder: ensureContrast(MATERIAL_FIELD_BORDER, SURFACES, WCAG_AA.component),
  };
}
