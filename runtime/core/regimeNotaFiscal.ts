/** Company tax regime codes (spec 001 §3.1). */
export const REGIME_TRIBUTARIO = {
  NENHUM: 0,
  SIMPLES_NACIONAL: 1,
  LUCRO_REAL: 2,
  LUCRO_PRESUMIDO: 3,
  SIMPLES_NACIONAL_COM_EXCESSO_RECEITA: 4,
  MEI: 5,
} as const;
export type RegimeTributario = (typeof REGIME_TRIBUTARIO)[keyof typeof REGIME_TRIBUTARIO];

/** Invoice (nota fiscal) regime codes (spec 001 §3.1). */
export const REGIME_NOTA_FISCAL = {
  SIMPLES_NACIONAL: 1,
  SIMPLES_NACIONAL_COM_EXCESSO_RECEITA: 2,
  NORMAL: 3,
  MEI: 4,
} as const;
export type RegimeNotaFiscal = (typeof REGIME_NOTA_FISCAL)[keyof typeof REGIME_NOTA_FISCAL];

const BY_COMPANY_REGIME: Record<number, RegimeNotaFiscal> = {
  [REGIME_TRIBUTARIO.SIMPLES_NACIONAL]: REGIME_NOTA_FISCAL.SIMPLES_NACIONAL,
  [REGIME_TRIBUTARIO.SIMPLES_NACIONAL_COM_EXCESSO_RECEITA]:
    REGIME_NOTA_FISCAL.SIMPLES_NACIONAL_COM_EXCESSO_RECEITA,
  [REGIME_TRIBUTARIO.LUCRO_REAL]: REGIME_NOTA_FISCAL.NORMAL,
  [REGIME_TRIBUTARIO.LUCRO_PRESUMIDO]: REGIME_NOTA_FISCAL.NORMAL,
  [REGIME_TRIBUTARIO.MEI]: REGIME_NOTA_FISCAL.MEI,
};

/**
 * Invoice regime for a company regime. NENHUM, a missing value and any unknown code count as lucro real
 * (spec 001 §3.1: "a missing value is treated as real profit"), i.e. NORMAL.
 */
export function regimeNotaFiscal(regime: number | null | undefined): RegimeNotaFiscal {
  if (regime === null || regime === undefined) return REGIME_NOTA_FISCAL.NORMAL;
  return BY_COMPANY_REGIME[regime] ?? REGIME_NOTA_FISCAL.NORMAL;
}
