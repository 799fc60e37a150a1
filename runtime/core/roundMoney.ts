/**
 * Rounds to cents, half away from zero. The relative epsilon absorbs the binary error of values such as
 * 1.005 (stored as 1.00499999999999989...), so the result matches the decimal the user typed.
 */
export function roundMoney(value: number): number {
  if (!Number.isFinite(value)) return value;
  const cents = Math.round(Math.abs(value) * 100 * (1 + 2 * Number.EPSILON));
  const rounded = (Math.sign(value) * cents) / 100;
  return rounded === 0 ? 0 : rounded;
}
