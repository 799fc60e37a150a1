import type { PostingContext } from './PostingContext.ts';
import { depositoDaVenda, itensDaVenda, movimentaEstoque, mudarReserva } from './vendaEstoque.ts';

/**
 * Effect `venda.reservar` (aprovar a pedido de venda): the items' quantities become reservado in the
 * order's depósito (flows.md §3 "Reservation"), refused when the disponível does not cover them. Service
 * orders reserve nothing.
 */
export async function vendaReservar(context: PostingContext): Promise<void> {
  const itens = itensDaVenda(context);
  if (!movimentaEstoque(context.doc)) return;
  await mudarReserva(context, itens, depositoDaVenda(context), 1);
}
