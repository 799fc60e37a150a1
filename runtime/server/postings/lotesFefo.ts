import type { LoteDisponivel } from '../../core/estoque/sugerirLotesFefo.ts';
import type { Tx } from '../db/database.ts';

/** A lot-controlled product with its lots' available balances in one depósito. */
export interface ProdutoComLotes {
  descricao: string;
  unidade: string;
  deposito: string;
  lotes: LoteDisponivel[];
}

/**
 * The products among `produtoIds` that control lots, each with its lots holding an available balance
 * (físico − reservado > 0) in the depósito — what FEFO (runtime/core sugerirLotesFefo) chooses from. One
 * query; products without lot control are left out.
 */
export async function lotesDisponiveis(
  tx: Tx,
  empresaId: number,
  depositoId: number,
  produtoIds: number[],
): Promise<Map<number, ProdutoComLotes>> {
  const rows = await tx.query<{
    id: string;
    descricao: string;
    unidade: string | null;
    deposito: string | null;
    lotes: LoteDisponivel[] | null;
  }>(
    `SELECT p.id, p.descricao, p.unidade, (SELECT descricao FROM deposito WHERE id = $3) AS deposito,
            (SELECT json_agg(json_build_object('loteId', l.id, 'numero', l.numero, 'validade', l.validade,
                                               'disponivel', s.disponivel))
               FROM saldo_estoque s JOIN lote l ON l.id = s.lote_id
              WHERE s.empresa_id = $1 AND s.produto_id = p.id AND s.deposito_id = $3 AND s.disponivel > 0) AS lotes
       FROM produto p WHERE p.empresa_id = $1 AND p.id = ANY($2) AND p.controla_lote`,
    [empresaId, produtoIds, depositoId],
  );
  return new Map(
    rows.map((row) => [
      Number(row.id),
      {
        descricao: row.descricao,
        unidade: row.unidade ?? 'UN',
        deposito: row.deposito ?? '',
        lotes: (row.lotes ?? []).map((lote) => ({ ...lote, disponivel: Number(lote.disponivel) })),
      },
    ]),
  );
}
