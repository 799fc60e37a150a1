import type { PostingContext } from './PostingContext.ts';
import { depositoDaVenda, itensDaVenda, movimentaEstoque, mudarReserva } from './vendaEstoque.ts';
import { conferirDesconto } from './vendaPrecos.ts';

/**
 * Effect `venda.reservar` (aprovar a pedido de venda): the items' quantities become reservado in the
 * order's depósito (flows.md §3 "Reservation"), refused when the disponível does not cover them or the
 * discount exceeds the user's perfil limit. Service orders reserve nothing.
 */
export async function vendaReservar(context: PostingContext): Promise<void> {
  const itens = itensDaVenda(context);
  await conferirDesconto(context);
  if (!movimentaEstoque(context.doc)) return;
  await mudarReserva(context, itens, depositoDaVenda(context), 1);
}
