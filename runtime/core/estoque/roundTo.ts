/** Rounds half away from zero to `decimals` places (quantities and average cost 6, flows.md §0), absorbing binary error. */
export function roundTo(value: number, decimals: number): number {
  if (!Number.isFinite(value)) return value;
  const factor = 10 ** decimals;
  const scaled = Math.round(Math.abs(value) * factor * (1 + 2 * Number.EPSILON));
  const rounded = (Math.sign(value) * scaled) / factor;
  return rounded === 0 ? 0 : rounded;
}
