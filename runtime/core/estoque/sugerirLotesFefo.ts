import { roundTo } from './roundTo.ts';

/** A lot of the product with its available balance in the depósito. */
export interface LoteDisponivel {
  loteId: number;
  numero: string;
  /** Expiry date, 'YYYY-MM-DD'. */
  validade: string;
  disponivel: number;
}

/** The suggestion: lots to take from (first to expire first) and what no valid lot covers. */
export interface SugestaoFefo {
  lotes: Array<{ loteId: number; numero: string; validade: string; quantidade: number }>;
  faltante: number;
}

/**
 * FEFO (first expired, first out) for a saída of `quantidade` on `data` ('YYYY-MM-DD'): takes from the
 * lots still valid on that date (validade ≥ data — an expired lot cannot leave, E10) in expiry order
 * (then lot number), each up to its available balance; what they do not cover is `faltante`.
 */
export function sugerirLotesFefo(lotes: LoteDisponivel[], quantidade: number, data: string): SugestaoFefo {
  let restante = quantidade;
  const escolhidos: SugestaoFefo['lotes'] = [];
  const validos = lotes
    .filter((lote) => lote.validade >= data && lote.disponivel > 0)
    .sort((a, b) => a.validade.localeCompare(b.validade) || a.numero.localeCompare(b.numero));
  for (const lote of validos) {
    if (restante <= 0) break;
    const quantidadeLote = roundTo(Math.min(lote.disponivel, restante), 6);
    escolhidos.push({
      loteId: lote.loteId,
      numero: lote.numero,
      validade: lote.validade,
      quantidade: quantidadeLote,
    });
    restante = roundTo(restante - quantidadeLote, 6);
  }
  return { lotes: escolhidos, faltante: Math.max(0, restante) };
}
