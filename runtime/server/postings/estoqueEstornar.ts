import type { PostingContext } from './PostingContext.ts';
import { postStockMovements } from './postStockMovements.ts';

/**
 * Effect `estoque.estornar`: for every stock ledger row the document posted, a reversing row dated on the
 * cancel date, taking back exactly the quantity and value it posted (origem `<entidade>.estorno`, same linha,
 * estornoDe naming the row). The rows themselves are never changed (append-only ledger).
 */
export async function estoqueEstornar(context: PostingContext): Promise<void> {
  const { tx, doc } = context;
  const tipo = context.record.entity.name;
  const rows = await tx.query<Record<string, unknown>>(
    `SELECT id, produto_id, deposito_id, lote_id, variacao_id, em_transito, qtd, dif_valor, origem_linha FROM movimentacao_estoque
      WHERE origem_tipo = $1 AND origem_id = $2 ORDER BY origem_linha DESC`,
    [tipo, Number(doc.id)],
  );
  await postStockMovements(
    context,
    Number(doc.id),
    rows.map((row) => ({
      produtoId: Number(row.produto_id),
      depositoId: Number(row.deposito_id),
      loteId: row.lote_id === null ? null : Number(row.lote_id),
      variacaoId: row.variacao_id === null ? null : Number(row.variacao_id),
      emTransito: row.em_transito === true,
      movement: { tipo: 'valorado', qtd: -Number(row.qtd), valor: -Number(row.dif_valor) },
      data: context.agora,
      motivo: `Estorno de ${context.record.entity.label.toLowerCase()}${doc.numero ? ` nº ${doc.numero}` : ''}`,
      origemTipo: `${tipo}.estorno`,
      origemLinha: Number(row.origem_linha),
      estornoDe: Number(row.id),
    })),
  );
}
