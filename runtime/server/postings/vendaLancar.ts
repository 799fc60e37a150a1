import { CondicaoInvalidaError, gerarParcelas, parseCondicao } from '../../core/financeiro/parcelas.ts';
import { roundMoney } from '../../core/roundMoney.ts';
import { HttpError } from '../errors.ts';
import { contaDaFilial } from './contaDaFilial.ts';
import type { PostingContext } from './PostingContext.ts';
import { dateOnly, postStockMovements } from './postStockMovements.ts';
import { formatQtd, stockError } from './stockErrors.ts';
import type { Origem } from './vendaCadeia.ts';
import { mudarReserva, type VendaItem } from './vendaEstoque.ts';

/** A sales order as the launches read it, whoever launches (the pedido itself or its nota fiscal). */
export interface Venda {
  id: number;
  numero: unknown;
  /** 0 goods, 1 services (no stock). */
  tipo: number;
  depositoId: number | null;
  clienteId: unknown;
  contaId: number | null;
  condicaoPagamento: string | null;
  valorTotal: number;
  itens: VendaItem[];
}

/** Launches of one origem after an estorno start a new block of linhas (origem_linha = bloco × 10000 + item). */
export const LINHAS_POR_LANCAMENTO = 10000;

/**
 * The stock saída of a goods order: releases its reservation (when it holds one), posts one saída per item at the current
 * average (the ledger's UNIQUE origem keeps a retry to one launch), origem `origem` with linhas
 * `primeiraLinha` + item number, and refuses when the saída would eat stock reserved for other orders.
 */
export async function lancarEstoqueVenda(
  context: PostingContext,
  venda: Venda,
  origem: Origem,
  motivo: string,
  options: { reservado: boolean; primeiraLinha?: number },
): Promise<void> {
  const { tx, scope } = context;
  if (venda.depositoId === null)
    throw stockError(
      'DEPOSITO_OBRIGATORIO',
      `Informe o depósito do pedido ${venda.numero} antes de aprovar ou faturar.`,
    );
  const depositoId = venda.depositoId;
  const itens = venda.itens;
  if (options.reservado) await mudarReserva(context, itens, depositoId, -1);
  await postStockMovements(
    context,
    origem.id,
    itens.map((item) => ({
      produtoId: item.produtoId,
      depositoId,
      loteId: null,
      movement: { tipo: 'saida', qtd: item.quantidade },
      data: context.agora,
      motivo,
      origemTipo: origem.tipo,
      origemLinha: (options.primeiraLinha ?? 0) + item.numeroItem,
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
    [scope.empresaId, itens.map((item) => item.produtoId), depositoId, itens.map((item) => item.quantidade)],
  );
  if (faltando)
    throw stockError(
      'ESTOQUE_RESERVADO',
      `Estoque insuficiente: produto ${faltando.descricao} tem ${formatQtd(Math.max(Number(faltando.disponivel), 0))} ${faltando.unidade ?? 'UN'} disponíveis no depósito ${faltando.deposito}; o restante está reservado para outros pedidos.`,
    );
}

/**
 * The contas a receber of an order (lancamento tipo 1, origem `origem`/parcela, UNIQUE) from its condição
 * de pagamento's parcelas (flows.md F5; Σ parcelas = items − desconto + frete), dated today. Returns
 * false when the order is worth nothing (no title).
 */
export async function lancarContasVenda(
  context: PostingContext,
  venda: Venda,
  origem: Origem,
  titulo: { descricao: string; documento: string },
): Promise<boolean> {
  const { tx, scope } = context;
  const total = roundMoney(venda.valorTotal);
  if (!(total > 0)) return false;
  const emissao = dateOnly(context.agora);
  let parcelas: ReturnType<typeof gerarParcelas>;
  try {
    parcelas = gerarParcelas(total, emissao, parseCondicao(venda.condicaoPagamento));
  } catch (error) {
    if (error instanceof CondicaoInvalidaError)
      throw new HttpError(422, 'CONDICAO_PAGAMENTO_INVALIDA', `Pedido ${venda.numero}: ${error.message}`);
    throw error;
  }
  const contaId = await contaDaFilial(
    tx,
    scope,
    venda.contaId,
    `Cadastre uma conta financeira nesta filial ou informe a conta de recebimento do pedido ${venda.numero} antes de faturar.`,
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
      titulo.descricao,
      venda.clienteId,
      Number(contaId),
      emissao,
      titulo.documento,
      parcelas.length,
      origem.tipo,
      origem.id,
      parcelas.map((parcela) => parcela.valor),
      parcelas.map((parcela) => parcela.vencimento),
      parcelas.map((parcela) => parcela.numero),
    ],
  );
  if (inserted.length !== parcelas.length)
    throw new HttpError(409, 'CONTAS_JA_LANCADAS', `O pedido ${venda.numero} já lançou as contas a receber.`);
  return true;
}
