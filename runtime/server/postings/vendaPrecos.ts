import { percentualDesconto, precoComPromocao } from '../../core/vendas/precoVenda.ts';
import { HttpError } from '../errors.ts';
import type { PostingContext } from './PostingContext.ts';

const percent = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * The discount rule of a sales order, checked when it leaves the orçamento (aprovar, or faturar straight
 * from orçamento): the order's discount over its list prices — the product's precoVenda less the
 * promoções valid on the emission date for the item's quantity — may not exceed the descontoMaximo of the
 * user's perfil (empty: no limit; administrators are not limited). Items of products without a price count
 * at the price typed.
 */
export async function conferirDesconto(context: PostingContext): Promise<void> {
  const { tx, scope, doc } = context;
  const itens = (doc.itens as Record<string, unknown>[] | undefined) ?? [];
  if (itens.length === 0) return;
  const dados = await tx.one<{
    limite: string | null;
    admin: boolean | null;
    perfil: string | null;
    produtos: { id: number; preco: string | null; promocoes: unknown[] | null }[] | null;
  }>(
    `SELECT p.desconto_maximo AS limite, u.perfil_admin AS admin, p.nome AS perfil,
            (SELECT json_agg(json_build_object('id', pr.id, 'preco', pr.preco_venda, 'promocoes',
                    (SELECT json_agg(json_build_object('inicio', pm.inicio, 'fim', pm.fim,
                            'percentualDesconto', pm.percentual_desconto, 'quantidadeMinima', pm.quantidade_minima,
                            'ativo', pm.ativo))
                       FROM promocao pm WHERE pm.produto_id = pr.id AND pm.empresa_id = $1)))
               FROM produto pr WHERE pr.id = ANY($3) AND pr.empresa_id = $1) AS produtos
       FROM (SELECT 1) AS one
       LEFT JOIN usuario u ON u.id = $2
       LEFT JOIN perfil p ON p.id = u.perfil_id`,
    [scope.empresaId, scope.usuarioId, itens.map((item) => Number(item.produtoId))],
  );
  if (dados.admin === true || dados.limite === null) return;
  const limite = Number(dados.limite);
  const produtos = new Map((dados.produtos ?? []).map((produto) => [Number(produto.id), produto]));
  const data = String(doc.dataEmissao ?? context.agora).slice(0, 10);
  const referencia = itens.map((item) => {
    const quantidade = Number(item.quantidade);
    const produto = produtos.get(Number(item.produtoId));
    const tabela = produto?.preco === null || produto?.preco === undefined ? null : Number(produto.preco);
    const precoReferencia =
      tabela === null
        ? Number(item.valorUnitario)
        : precoComPromocao(tabela, quantidade, data, (produto?.promocoes ?? []) as never[]).preco;
    return { precoReferencia, quantidade };
  });
  const desconto = percentualDesconto(
    referencia,
    Number(doc.valorProdutos ?? 0),
    Number(doc.valorDesconto ?? 0),
  );
  if (desconto > limite + 1e-9)
    throw new HttpError(
      422,
      'DESCONTO_ACIMA_DO_LIMITE',
      `O desconto de ${percent.format(desconto)}% no pedido ${doc.numero} excede o limite de ${percent.format(limite)}% do perfil ${dados.perfil}.`,
      { desconto, limite },
    );
}
