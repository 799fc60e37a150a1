import type { PostingContext } from './PostingContext.ts';
import { postStockMovements } from './postStockMovements.ts';
import { stockError } from './stockErrors.ts';

/**
 * Effect `estoque.transferir` (E7): exactly two ledger rows — the origin's saída at its average (linha 1)
 * and the destination's entrada carrying exactly the value that left (linha 2), so the total is unchanged.
 */
export async function estoqueTransferir(context: PostingContext): Promise<void> {
  const { doc } = context;
  const origem = Number(doc.depositoOrigemId);
  const destino = Number(doc.depositoDestinoId);
  if (origem === destino)
    throw stockError('DEPOSITOS_IGUAIS', 'O depósito de destino deve ser diferente do depósito de origem.');
  const quantidade = Number(doc.quantidade);
  const common = {
    produtoId: Number(doc.produtoId),
    loteId: doc.loteId === null || doc.loteId === undefined ? null : Number(doc.loteId),
    variacaoId: doc.variacaoId === null || doc.variacaoId === undefined ? null : Number(doc.variacaoId),
    data: new Date(doc.data as string).toISOString(),
    motivo: `Transferência${doc.numero ? ` nº ${doc.numero}` : ''}`,
    origemTipo: context.record.entity.name,
  };
  await postStockMovements(context, Number(doc.id), [
    { ...common, depositoId: origem, movement: { tipo: 'saida', qtd: quantidade }, origemLinha: 1 },
    {
      ...common,
      depositoId: destino,
      movement: ([saida]) => ({ tipo: 'valorado', qtd: quantidade, valor: -(saida?.difValor ?? 0) }),
      origemLinha: 2,
    },
  ]);
}
