import type { PostingContext } from './PostingContext.ts';
import { formatQtd, stockError } from './stockErrors.ts';

/** One item of a sales order as the posting services read it. */
export interface VendaItem {
  numeroItem: number;
  produtoId: number;
  quantidade: number;
}

/** The pedido's items, refusing an order without items or with a quantity ≤ 0 (pt-BR 422). */
export function itensDaVenda(context: PostingContext): VendaItem[] {
  const itens = ((context.doc.itens as VendaItem[] | undefined) ?? []).map((item) => ({
    numeroItem: Number(item.numeroItem),
    produtoId: Number(item.produtoId),
    quantidade: Number(item.quantidade),
  }));
  if (itens.length === 0)
    throw stockError('PEDIDO_SEM_ITENS', `O pedido ${context.doc.numero} não tem itens.`);
  for (const item of itens)
    if (!(item.quantidade > 0))
      throw stockError(
        'QUANTIDADE_INVALIDA',
        `Item ${item.numeroItem}: a quantidade deve ser maior que zero.`,
      );
  return itens;
}

/** True when the order moves stock (goods, tipo 0); service orders (tipo 1) never do. */
export const movimentaEstoque = (doc: Record<string, unknown>) => Number(doc.tipo ?? 0) === 0;

/** The depósito of a goods order, required before it reserves or leaves stock. */
export function depositoDaVenda(context: PostingContext): number {
  const deposito = context.doc.depositoId;
  if (deposito === null || deposito === undefined)
    throw stockError(
      'DEPOSITO_OBRIGATORIO',
      `Informe o depósito do pedido ${context.doc.numero} antes de aprovar ou faturar.`,
    );
  return Number(deposito);
}

/**
 * Changes SaldosEstoque.reservado of the order's items by `sinal` × quantidade (+1 reserves, −1 releases),
 * quantities of the same product summed. Creates missing balance rows and locks them FOR UPDATE in the same
 * key order as the stock postings (no deadlock with them). Reserving refuses when it would make the
 * disponível (físico − reservado) negative, unless the empresa allows negative stock.
 */
export async function mudarReserva(
  context: PostingContext,
  itens: VendaItem[],
  depositoId: number,
  sinal: 1 | -1,
): Promise<void> {
  const { tx, scope } = context;
  const porProduto = new Map<number, number>();
  for (const item of itens)
    porProduto.set(item.produtoId, (porProduto.get(item.produtoId) ?? 0) + item.quantidade);
  const produtos = [...porProduto.keys()].sort((a, b) => a - b);
  const rows = await tx.query<{
    id: string;
    produto_id: string;
    fisico: string;
    reservado: string;
    descricao: string | null;
    unidade: string | null;
    deposito: string | null;
    permitir: boolean | null;
  }>(
    `WITH s AS (
       INSERT INTO saldo_estoque AS s (empresa_id, filial_id, produto_id, deposito_id, lote_id, criado_por, alterado_por)
       SELECT $1, $2, k.p, $4, NULL, $5, $5 FROM unnest($3::bigint[]) WITH ORDINALITY AS k(p, o) ORDER BY k.o
       ON CONFLICT (empresa_id, produto_id, deposito_id, lote_id, variacao_id, em_transito) DO UPDATE SET versao = s.versao
       RETURNING s.id, s.produto_id, s.fisico, s.reservado)
     SELECT s.id, s.produto_id, s.fisico, s.reservado, p.descricao, p.unidade, d.descricao AS deposito,
            (SELECT permitir_estoque_negativo FROM configuracao_geral WHERE empresa_id = $1 LIMIT 1) AS permitir
       FROM s LEFT JOIN produto p ON p.id = s.produto_id LEFT JOIN deposito d ON d.id = $4`,
    [scope.empresaId, scope.filialId, produtos, depositoId, scope.usuarioId],
  );
  for (const row of rows) {
    if (row.descricao === null)
      throw stockError('PRODUTO_NAO_ENCONTRADO', 'Produto do pedido não encontrado.');
    if (row.deposito === null)
      throw stockError('DEPOSITO_NAO_ENCONTRADO', 'Depósito do pedido não encontrado nesta filial.');
    const quantidade = porProduto.get(Number(row.produto_id)) ?? 0;
    const disponivel = Number(row.fisico) - Number(row.reservado);
    if (sinal > 0 && quantidade > disponivel + 1e-9 && row.permitir !== true)
      throw stockError(
        'ESTOQUE_INSUFICIENTE',
        `Estoque insuficiente para reservar: produto ${row.descricao} tem ${formatQtd(Math.max(disponivel, 0))} ${row.unidade ?? 'UN'} disponíveis no depósito ${row.deposito} (pedido pede ${formatQtd(quantidade)}).`,
        { produtoId: Number(row.produto_id), depositoId, disponivel },
      );
  }
  await tx.query(
    `UPDATE saldo_estoque s SET reservado = s.reservado + $2 * u.q, versao = s.versao + 1,
            alterado_em = now(), alterado_por = $3
       FROM unnest($1::bigint[], $4::numeric[]) AS u(id, q) WHERE s.id = u.id`,
    [
      rows.map((row) => Number(row.id)),
      sinal,
      scope.usuarioId,
      rows.map((row) => porProduto.get(Number(row.produto_id)) ?? 0),
    ],
  );
}
