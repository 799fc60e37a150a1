import { HttpError } from '../errors.ts';
import type { PostingContext } from './PostingContext.ts';
import { marcarLancamento, type OrigemLancamento } from './vendaCadeia.ts';
import { depositoDaVenda, itensDaVenda, movimentaEstoque, mudarReserva } from './vendaEstoque.ts';
import { lancarContasVenda, lancarEstoqueVenda, type Venda } from './vendaLancar.ts';
import { prepararNotaFiscal } from './vendaNotaFiscal.ts';
import { conferirDesconto } from './vendaPrecos.ts';

/**
 * Effect `venda.faturar`: in the transition's transaction, decides who launches the stock and the
 * receivables (the pedido's lancarPor, else configuracaoGeral.lancarVendasPor, else the pedido; service
 * orders always by the pedido: they have no NF-e) and stamps it on the pedido. By the pedido:
 * - goods orders: releases the reservation and posts one stock saída per item at the current average,
 *   refusing when the saída would eat stock reserved for other orders (vendaLancar.ts);
 * - creates the contas a receber from the condição de pagamento's parcelas (Σ = items − desconto + frete);
 * - both marked on the chain (E/C flags, vendaCadeia.ts: one active launch of each per chain).
 * By the nota fiscal: the reservation stays and nothing is launched here; the nota's actions launch them.
 * Either way it prepares the NF-e draft (vendaNotaFiscal.ts) and computes the vendedor's commission on
 * produtos − desconto.
 */
export async function vendaFaturar(context: PostingContext): Promise<void> {
  const { tx, scope, doc } = context;
  const id = Number(doc.id);
  const numero = doc.numero;
  const itens = itensDaVenda(context);
  // Straight from orçamento: the discount rule of aprovar applies here.
  if (doc.situacao !== 'aprovado') await conferirDesconto(context);
  const goods = movimentaEstoque(doc);
  const configurado = await tx.maybeOne<{ por: OrigemLancamento | null }>(
    'SELECT lancar_vendas_por AS por FROM configuracao_geral WHERE empresa_id = $1 LIMIT 1',
    [scope.empresaId],
  );
  const lancarPor: OrigemLancamento = goods
    ? ((doc.lancarPor as OrigemLancamento | null) ?? configurado?.por ?? 'pedido')
    : 'pedido';
  if (lancarPor === 'notaFiscal' && (doc.naturezaOperacaoId === null || doc.naturezaOperacaoId === undefined))
    throw new HttpError(
      422,
      'NATUREZA_OBRIGATORIA',
      `Informe a natureza de operação do pedido ${numero}: ele lança o estoque e as contas pela nota fiscal, preparada ao faturar.`,
    );
  await tx.query('UPDATE pedido_venda SET lancar_por = $2 WHERE id = $1', [id, lancarPor]);

  // By the nota: the goods stay reserved until its "Lançar estoque" (an orçamento invoiced at once reserves now).
  if (lancarPor === 'notaFiscal' && doc.situacao !== 'aprovado')
    await mudarReserva(context, itens, depositoDaVenda(context), 1);
  if (lancarPor === 'pedido') {
    const venda: Venda = {
      id,
      numero,
      tipo: Number(doc.tipo ?? 0),
      depositoId: doc.depositoId === null || doc.depositoId === undefined ? null : Number(doc.depositoId),
      clienteId: doc.clienteId,
      contaId: doc.contaId === null || doc.contaId === undefined ? null : Number(doc.contaId),
      condicaoPagamento: (doc.condicaoPagamento as string | null) ?? null,
      valorTotal: Number(doc.valorTotal ?? 0),
      itens,
    };
    const origem = { tipo: 'pedidoVenda', id, numero: Number(numero) } as const;
    if (goods) {
      await marcarLancamento(context, venda, 'estoque', 'pedido');
      await lancarEstoqueVenda(context, venda, origem, `Pedido de venda nº ${numero}`, {
        reservado: doc.situacao === 'aprovado',
      });
    }
    if (
      await lancarContasVenda(context, venda, origem, {
        descricao: `Pedido de venda nº ${numero}`,
        documento: `PV ${numero}`,
      })
    )
      await marcarLancamento(context, venda, 'contas', 'pedido');
  }

  await prepararNotaFiscal(context);

  const vendedor = doc.vendedorId === null || doc.vendedorId === undefined ? null : Number(doc.vendedorId);
  await tx.query(
    `UPDATE pedido_venda SET valor_comissao = round(greatest($2::numeric - $3::numeric, 0) *
            coalesce((SELECT comissao FROM vendedor WHERE id = $4), 0) / 100, 2)
      WHERE id = $1`,
    [id, Number(doc.valorProdutos ?? 0), Number(doc.valorDesconto ?? 0), vendedor],
  );
}
