import type { PostingContext } from './PostingContext.ts';
import { postStockMovements } from './postStockMovements.ts';

/**
 * Effect `estoque.estornar`: for every stock ledger row the document posted, a reversing row dated on the
 * cancel date, taking back exactly the quantity and value it posted (origem `<entidade>.estorno`, same linha,
 * estornoDe naming the row). The rows themselves are never changed (append-only ledger).
 */
export async function estoqueEstornar(context: PostingContext): Promise<void> {
  const { doc } = context;
  const tipo = context.record.entity.name;
  await estornarMovimentos(
    context,
    { tipo, id: Number(doc.id) },
    `Estorno de ${context.record.entity.label.toLowerCase()}${doc.numero ? ` nº ${doc.numero}` : ''}`,
  );
}

/**
 * Reverses the stock rows of `origem` not reversed yet (a nota fiscal may launch, estornar and launch
 * again): one row each, dated now, taking back exactly the quantity and value it posted (origem
 * `<tipo>.estorno`, same linha, estornoDe naming the row).
 */
export async function estornarMovimentos(
  context: PostingContext,
  origem: { tipo: string; id: number },
  motivo: string,
): Promise<void> {
  const rows = await context.tx.query<Record<string, unknown>>(
    `SELECT m.id, m.produto_id, m.deposito_id, m.lote_id, m.variacao_id, m.em_transito, m.qtd, m.dif_valor, m.origem_linha
       FROM movimentacao_estoque m
      WHERE m.origem_tipo = $1 AND m.origem_id = $2
        AND NOT EXISTS (SELECT 1 FROM movimentacao_estoque e WHERE e.origem_tipo = $3 AND e.origem_id = m.origem_id
                          AND e.origem_linha = m.origem_linha)
      ORDER BY m.origem_linha DESC`,
    [origem.tipo, origem.id, `${origem.tipo}.estorno`],
  );
  await postStockMovements(
    context,
    origem.id,
    rows.map((row) => ({
      produtoId: Number(row.produto_id),
      depositoId: Number(row.deposito_id),
      loteId: row.lote_id === null ? null : Number(row.lote_id),
      variacaoId: row.variacao_id === null ? null : Number(row.variacao_id),
      emTransito: row.em_transito === true,
      movement: { tipo: 'valorado', qtd: -Number(row.qtd), valor: -Number(row.dif_valor) },
      data: context.agora,
      motivo,
      origemTipo: `${origem.tipo}.estorno`,
      origemLinha: Number(row.origem_linha),
      estornoDe: Number(row.id),
    })),
  );
}
