/**
 * The cash-session ledger's kinds (flows.md §4 mov_caixa.tipo, enum tipoMovimentoCaixa) and the sign each one
 * carries: + into the drawer, − out of it (the CHECK of migration 075 holds the same rule).
 */
export const SINAL_MOVIMENTO_CAIXA = {
  venda: 1,
  suprimento: 1,
  recebimento: 1,
  sangria: -1,
  troco: -1,
  devolucao: -1,
} as const;

export type TipoMovimentoCaixa = keyof typeof SINAL_MOVIMENTO_CAIXA;

/** The signed amount in cents a movement of `tipo` stores for a positive `centavos`. */
export const valorComSinal = (tipo: TipoMovimentoCaixa, centavos: number): number =>
  SINAL_MOVIMENTO_CAIXA[tipo] * Math.abs(centavos);
