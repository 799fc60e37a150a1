/**
 * Rateio of a title by centro de custo (flows.md §2 F6): the percentuais sum to exactly 100 and the values
 * to the title's total, the cents left by rounding on the last line. Pure, in cents and ten-thousandths
 * of a percent (the percent column keeps four decimals).
 */

/** Percent in ten-thousandths (numeric(9,4) exactly). */
const basis = (percentual: number) => Math.round(percentual * 10_000);

/** A pt-BR problem with the percentuais (they must sum to exactly 100 %), or null. */
export function problemaRateio(percentuais: number[]): string | null {
  if (percentuais.length === 0) return null;
  if (percentuais.some((p) => !(p > 0)))
    return 'Cada centro de custo do rateio precisa de um percentual maior que zero.';
  const soma = percentuais.reduce((total, p) => total + basis(p), 0);
  if (soma !== 1_000_000)
    return `Os percentuais do rateio somam ${(soma / 10_000).toLocaleString('pt-BR', { maximumFractionDigits: 4 })} %: devem somar exatamente 100 %.`;
  return null;
}

/** The value of each line in cents: total × percentual rounded, the remainder on the last line. */
export function ratear(totalCents: number, percentuais: number[]): number[] {
  const valores = percentuais.map((p) => Math.round((totalCents * basis(p)) / 1_000_000));
  if (valores.length > 0) {
    const semUltimo = valores.slice(0, -1).reduce((sum, v) => sum + v, 0);
    valores[valores.length - 1] = totalCents - semUltimo;
  }
  return valores;
}
