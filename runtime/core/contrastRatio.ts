/** A colour as #rgb or #rrggbb (case-insensitive). */
const HEX = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i;

/** The 0–255 channels of a #rgb / #rrggbb colour; throws on anything else (a bug, never user input here). */
export function parseHexColor(color: string): [number, number, number] {
  const match = HEX.exec(color.trim());
  if (!match?.[1]) throw new Error(`cor inválida: ${color}`);
  const hex = match[1].length === 3 ? [...match[1]].map((digit) => digit + digit).join('') : match[1];
  return [0, 2, 4].map((start) => Number.parseInt(hex.slice(start, start + 2), 16)) as [
    number,
    number,
    number,
  ];
}

/** WCAG 2.1 relative luminance (0 black … 1 white) of a #rrggbb colour. */
export function relativeLuminance(color: string): number {
  const [r, g, b] = parseHexColor(color).map((channel) => {
    const value = channel / 255;
    return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2.1 contrast ratio of two colours, from 1 (same luminance) to 21 (black on white); order-free. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [
    number,
    number,
  ];
  return (light + 0.05) / (dark + 0.05);
}
