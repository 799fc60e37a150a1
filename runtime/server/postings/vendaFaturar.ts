import { CondicaoInvalidaError, gerarParcelas, parseCondicao } from '../../core/financeiro/parcelas.ts';
import { roundMoney } from '../../core/roundMoney.ts';
import { HttpError } from '../errors.ts';
import type { PostingContext } from './PostingContext.ts';
import { dateOnly, postStockMovements } from './postStockMovements.ts';
import { formatQtd, stockError } from './stockErrors.ts';
import { depositoDaVenda, itensDaVenda, movimentaEstoque, mudarReserva } from './vendaEstoque.ts';
import { prepararNotaFiscal } from './vendaNotaFiscal.ts';
import { conferirDesconto } from './vendaPrecos.ts';

/**
 * Effect `venda.faturar`: in the transition's transaction,
 * - goods orders: releases the reservation (when approved) and posts one stock saída per item at the
 *   current average (the ledger's UNIQUE origem keeps it to one launch), refusing when the saída would eat
 *   stock reserved for other orders;
 * - creates the contas a receber (lancamento tipo 1, origem pedidoVenda/id/parcela, UNIQUE) from the
 *   condição de pagamento's parcelas (flows.md F5; Σ parcelas = items − desconto + frete);
 * - prepares the NF-e draft (vendaNotaFiscal.ts) and computes the vendedor's commission on
 *   produtos − desconto.
 */
export async function vendaFaturar(context: PostingContext): Promise<void> {
  const { tx, scope, doc } = context;
  const tipo = context.record.entity.base;
  const id = Number(doc.id);
  const numero = doc.numero;
  const itens = itensDaVenda(context);
  // Straight from orçamento: the discount rule of aprovar applies here.
  if (doc.situacao !== 'aprovado') await conferirDesconto(context);
  if (movimentaEstoque(doc)) {
    const depositoId = depositoDaVenda(context);
    if (doc.situacao === 'aprovado') await mudarReserva(context, itens, depositoId, -1);
    await postStockMovements(
      context,
      id,
      itens.map((item) => ({
        produtoId: item.produtoId,
        depositoId,
        loteId: null,
        movement: { tipo: 'saida', qtd: item.quantidade },
        data: context.agora,
        motivo: `Pedido de venda nº ${numero}`,
        origemTipo: tipo,
        origemLinha: item.numeroItem,
        rotulo: `Item ${item.numeroItem}: `,
      })),
    );
    // The saída checked the físico; what other approved orders reserved is not for sale either.
    const faltando = await tx.maybeOne<{
      descricao: string;
      unidade: string | null;
      disponivel: string;
      deposito: string;
    }>(
      `SELECT p.descricao, p.unidade, s.fisico - s.reservado + u.q AS disponivel, d.descricao AS deposito
         FROM saldo_estoque s JOIN unnest($2::bigint[], $4::numeric[]) AS u(p, q) ON u.p = s.produto_id
         JOIN produto p ON p.id = s.produto_id JOIN deposito d ON d.id = s.deposito_id
        WHERE s.empresa_id = $1 AND s.deposito_id = $3 AND s.lote_id IS NULL AND s.variacao_id IS NULL
          AND NOT s.em_transito AND s.fisico - s.reservado < 0
          AND NOT coalesce((SELECT permitir_estoque_negativo FROM configuracao_geral WHERE empresa_id = $1 LIMIT 1), false)
        LIMIT 1`,
      [
        scope.empresaId,
        itens.map((item) => item.produtoId),
        depositoId,
        itens.map((item) => item.quantidade),
      ],
    );
    if (faltando)
      throw stockError(
        'ESTOQUE_RESERVADO',
        `Estoque insuficiente: produto ${faltando.descricao} tem ${formatQtd(Math.max(Number(faltando.disponivel), 0))} ${faltando.unidade ?? 'UN'} disponíveis no depósito ${faltando.deposito}; o restante está reservado para outros pedidos.`,
      );
  }

  const total = roundMoney(Number(doc.valorTotal ?? 0));
  if (total > 0) {
    const emissao = dateOnly(context.agora);
    let parcelas: ReturnType<typeof gerarParcelas>;
    try {
      parcelas = gerarParcelas(total, emissao, parseCondicao(doc.condicaoPagamento as string | null));
    } catch (error) {
      if (error instanceof CondicaoInvalidaError)
        throw new HttpError(422, 'CONDICAO_PAGAMENTO_INVALIDA', `Pedido ${numero}: ${error.message}`);
      throw error;
    }
    const conta = await tx.maybeOne<{ id: string }>(
      doc.contaId === null || doc.contaId === undefined
        ? 'SELECT id FROM conta WHERE empresa_id = $1 AND filial_id = $2 ORDER BY id LIMIT 1'
        : 'SELECT id FROM conta WHERE empresa_id = $1 AND filial_id = $2 AND id = $3',
      doc.contaId === null || doc.contaId === undefined
        ? [scope.empresaId, scope.filialId]
        : [scope.empresaId, scope.filialId, Number(doc.contaId)],
    );
    if (!conta)
      throw new HttpError(
        422,
        'CONTA_OBRIGATORIA',
        `Cadastre uma conta financeira nesta filial ou informe a conta de recebimento do pedido ${numero} antes de faturar.`,
      );
    const inserted = await tx.query(
      `INSERT INTO lancamento (empresa_id, filial_id, criado_por, alterado_por, tipo, descricao, pessoa_id, conta_id,
              valor, data_emissao, data_vencimento, data_competencia, numero_documento, parcela, total_parcelas,
              situacao, origem_tipo, origem_id)
       SELECT $1, $2, $3, $3, 1, $4, $5, $6, u.valor, $7, u.venc, $7, $8, u.n, $9, 0, $10, $11
         FROM unnest($12::numeric[], $13::date[], $14::int[]) AS u(valor, venc, n)
       ON CONFLICT (empresa_id, filial_id, origem_tipo, origem_id, parcela) DO NOTHING RETURNING id`,
      [
        scope.empresaId,
        scope.filialId,
        scope.usuarioId,
        `Pedido de venda nº ${numero}`,
        doc.clienteId,
        Number(conta.id),
        emissao,
        `PV ${numero}`,
        parcelas.length,
        tipo,
        id,
        parcelas.map((parcela) => parcela.valor),
        parcelas.map((parcela) => parcela.vencimento),
        parcelas.map((parcela) => parcela.numero),
      ],
    );
    if (inserted.length !== parcelas.length)
      throw new HttpError(409, 'CONTAS_JA_LANCADAS', `O pedido ${numero} já lançou as contas a receber.`);
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
