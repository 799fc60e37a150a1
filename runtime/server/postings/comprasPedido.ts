import type { Tx } from '../db/database.ts';
import { HttpError } from '../errors.ts';
import type { PostingContext } from './PostingContext.ts';
import { formatQtd, stockError } from './stockErrors.ts';
import { itensDaVenda } from './vendaEstoque.ts';

/** States of a purchase order that accept a receipt (a recebido one only within its tolerance). */
const RECEBE = ['aReceber', 'parcial', 'recebido'];
const arredonda = (value: number) => Math.round(value * 1e6) / 1e6;

/**
 * Adds `delta` (signed) to SaldosEstoque.aReceber of each (produto, depósito) of the branch, creating the
 * balance rows that are missing; keys in produto order, as the stock postings lock them.
 */
export async function mudarAReceber(
  tx: Tx,
  scope: { empresaId: number; usuarioId: number | null },
  filialId: number,
  depositoId: number,
  porProduto: Map<number, number>,
): Promise<void> {
  const produtos = [...porProduto.keys()].filter((p) => porProduto.get(p) !== 0).sort((a, b) => a - b);
  if (produtos.length === 0) return;
  await tx.query(
    `INSERT INTO saldo_estoque AS s (empresa_id, filial_id, produto_id, deposito_id, lote_id, a_receber, criado_por, alterado_por)
     SELECT $1, $2, u.p, $3, NULL, u.q, $4, $4 FROM unnest($5::bigint[], $6::numeric[]) AS u(p, q)
     ON CONFLICT (empresa_id, produto_id, deposito_id, lote_id, variacao_id, em_transito)
     DO UPDATE SET a_receber = s.a_receber + excluded.a_receber, versao = s.versao + 1, alterado_em = now(),
                   alterado_por = excluded.alterado_por`,
    [
      scope.empresaId,
      filialId,
      depositoId,
      scope.usuarioId,
      produtos,
      produtos.map((p) => arredonda(porProduto.get(p) ?? 0)),
    ],
  );
}

function depositoDoPedido(context: PostingContext): number {
  const deposito = context.doc.depositoId;
  if (deposito === null || deposito === undefined)
    throw stockError(
      'DEPOSITO_OBRIGATORIO',
      `Informe o depósito de entrega do pedido de compra ${context.doc.numero} antes de aprovar.`,
    );
  return Number(deposito);
}

async function filialDoPedido(tx: Tx, id: number): Promise<number> {
  const row = await tx.one<{ filial_id: string }>('SELECT filial_id FROM pedido_compra WHERE id = $1', [id]);
  return Number(row.filial_id);
}

function somaPorProduto(itens: { produtoId: number; quantidade: number }[], sinal: 1 | -1) {
  const porProduto = new Map<number, number>();
  for (const item of itens)
    porProduto.set(item.produtoId, (porProduto.get(item.produtoId) ?? 0) + sinal * item.quantidade);
  return porProduto;
}

/**
 * Effect `compras.aprovar` (Aprovar a pedido de compra): every item's quantity becomes a receber in the
 * order's depósito (flows.md §3; SaldosEstoque.aReceber, projetado = físico + a receber − reservado).
 */
export async function comprasAprovar(context: PostingContext): Promise<void> {
  const itens = itensDaVenda(context);
  const deposito = depositoDoPedido(context);
  const filial = await filialDoPedido(context.tx, Number(context.doc.id));
  await mudarAReceber(context.tx, context.scope, filial, deposito, somaPorProduto(itens, 1));
}

/**
 * Effect `compras.cancelar`: refused (409) once a nota de entrada received any item (naming the nota);
 * an approved order releases its quantities a receber.
 */
export async function comprasCancelar(context: PostingContext): Promise<void> {
  const { tx, doc } = context;
  const id = Number(doc.id);
  const recebido = await tx.query<{ numero: string; fornecedor: string | null }>(
    `SELECT DISTINCT n.numero::text AS numero, p.nome AS fornecedor
       FROM nota_entrada n JOIN nota_entrada_item i ON i.nota_entrada_id = n.id
       LEFT JOIN pessoa p ON p.id = n.fornecedor_id
      WHERE n.situacao = 'lancada' AND coalesce(i.pedido_compra_id, n.pedido_compra_id) = $1
      ORDER BY 1`,
    [id],
  );
  const itens = (doc.itens as Record<string, unknown>[] | undefined) ?? [];
  const jaRecebido = itens.some((item) => Number(item.quantidadeRecebida ?? 0) > 0);
  if (recebido.length > 0 || jaRecebido)
    throw new HttpError(
      409,
      'PEDIDO_COMPRA_RECEBIDO',
      `O pedido de compra ${doc.numero} não pode ser cancelado: já foi recebido${recebido.length > 0 ? ` pela NF-e ${recebido.map((row) => `${row.numero}${row.fornecedor ? ` de ${row.fornecedor}` : ''}`).join(', ')}` : ' em parte'}. Cancele a entrada antes de cancelar o pedido.`,
    );
  if (doc.situacao !== 'aReceber') return;
  const filial = await filialDoPedido(tx, id);
  await mudarAReceber(
    tx,
    context.scope,
    filial,
    depositoDoPedido(context),
    somaPorProduto(itensDaVenda(context), -1),
  );
}

/** One item of a nota de entrada as a receipt of a purchase order. */
export interface ItemRecebido {
  numeroItem: number;
  produtoId: number;
  /** In the product's unit (the nota's quantity × its unit factor). */
  quantidade: number;
  pedidoCompraId: number | null;
  numeroItemPedido: number | null;
}

interface LinhaPedido {
  pedido_id: string;
  numero: string;
  situacao: string;
  filial_id: string;
  deposito_id: string | null;
  tolerancia: string;
  item_id: string;
  numero_item: number;
  produto_id: string;
  quantidade: string;
  recebida: string;
}

const ESTADO_LABEL: Record<string, string> = {
  aberto: 'em aberto',
  aReceber: 'a receber',
  parcial: 'recebido parcialmente',
  recebido: 'recebido',
  cancelado: 'cancelado',
};

/**
 * The receipt of purchase orders by a nota de entrada (`sinal` 1 when it is confirmed, −1 when it is
 * cancelled): each linked item's quantidadeRecebida moves by the quantity, the a receber of the order's
 * depósito by the part of it that was still pending, and each order becomes parcial or recebido (or back
 * to aReceber), each change a domain event (`pedidoCompra.recebido`, `.parcial`, `.aReceber` for webhooks). Refused with a pt-BR 422/409 when the order is not approved, the item does not exist or
 * has another product, or the receipt exceeds the ordered quantity beyond the order's tolerance.
 */
export async function receberPedidos(
  context: PostingContext,
  notaFilialId: number,
  itens: ItemRecebido[],
  sinal: 1 | -1,
): Promise<void> {
  const { tx, scope } = context;
  const ligados = itens.filter((item) => item.pedidoCompraId !== null);
  if (ligados.length === 0) return;
  const ids = [...new Set(ligados.map((item) => Number(item.pedidoCompraId)))].sort((a, b) => a - b);
  const linhas = await tx.query<LinhaPedido>(
    `WITH p AS (SELECT id, numero, situacao, filial_id, deposito_id, tolerancia_recebimento
                  FROM pedido_compra WHERE id = ANY($1::bigint[]) ORDER BY id FOR UPDATE)
     SELECT p.id AS pedido_id, p.numero::text AS numero, p.situacao, p.filial_id, p.deposito_id,
            coalesce(p.tolerancia_recebimento, 0) AS tolerancia, i.id AS item_id, i.numero_item, i.produto_id,
            i.quantidade, coalesce(i.quantidade_recebida, 0) AS recebida
       FROM p JOIN pedido_compra_item i ON i.pedido_compra_id = p.id
      ORDER BY p.id, i.numero_item`,
    [ids],
  );
  const pedidos = new Map<number, LinhaPedido[]>();
  for (const linha of linhas) {
    const lista = pedidos.get(Number(linha.pedido_id)) ?? [];
    lista.push(linha);
    pedidos.set(Number(linha.pedido_id), lista);
  }
  const recebida = new Map<string, number>(linhas.map((l) => [l.item_id, Number(l.recebida)]));
  for (const id of ids) {
    const lista = pedidos.get(id);
    if (!lista || Number(lista[0]?.filial_id) !== notaFilialId)
      throw stockError('PEDIDO_COMPRA_NAO_ENCONTRADO', `Pedido de compra ${id} não encontrado nesta filial.`);
    const situacao = lista[0]?.situacao ?? '';
    if (sinal > 0 && !RECEBE.includes(situacao))
      throw new HttpError(
        409,
        'PEDIDO_COMPRA_NAO_APROVADO',
        `O pedido de compra ${lista[0]?.numero} está ${ESTADO_LABEL[situacao] ?? situacao}: ${situacao === 'aberto' ? 'aprove-o antes de receber a nota.' : 'não recebe mais notas.'}`,
      );
  }
  const aReceber = new Map<string, Map<number, number>>();
  for (const item of ligados) {
    const lista = pedidos.get(Number(item.pedidoCompraId)) ?? [];
    const numero = lista[0]?.numero;
    const linha =
      item.numeroItemPedido !== null
        ? lista.find((l) => l.numero_item === item.numeroItemPedido)
        : (lista.find(
            (l) =>
              Number(l.produto_id) === item.produtoId &&
              (sinal < 0
                ? (recebida.get(l.item_id) ?? 0) > 0
                : (recebida.get(l.item_id) ?? 0) < Number(l.quantidade)),
          ) ?? lista.find((l) => Number(l.produto_id) === item.produtoId));
    if (!linha)
      throw stockError(
        'ITEM_PEDIDO_NAO_ENCONTRADO',
        item.numeroItemPedido !== null
          ? `Item ${item.numeroItem} da nota: o pedido de compra ${numero} não tem o item ${item.numeroItemPedido}.`
          : `Item ${item.numeroItem} da nota: o pedido de compra ${numero} não tem este produto.`,
      );
    if (Number(linha.produto_id) !== item.produtoId)
      throw stockError(
        'ITEM_PEDIDO_OUTRO_PRODUTO',
        `Item ${item.numeroItem} da nota: o item ${linha.numero_item} do pedido de compra ${numero} é de outro produto.`,
      );
    const pedida = Number(linha.quantidade);
    const antes = recebida.get(linha.item_id) ?? 0;
    const depois = arredonda(antes + sinal * item.quantidade);
    const tolerancia = Number(linha.tolerancia);
    const limite = arredonda(pedida * (1 + tolerancia / 100));
    if (sinal > 0 && depois > limite + 1e-9)
      throw stockError(
        'RECEBIMENTO_ACIMA_DO_PEDIDO',
        `Item ${item.numeroItem} da nota: recebe ${formatQtd(item.quantidade)}, mas o item ${linha.numero_item} do pedido de compra ${numero} tem ${formatQtd(Math.max(arredonda(pedida - antes), 0))} a receber (tolerância de ${formatQtd(tolerancia)}%: no máximo ${formatQtd(arredonda(limite - antes))}).`,
      );
    recebida.set(linha.item_id, Math.max(depois, 0));
    // The a receber falls by what was still pending of the item (an excess within tolerance is not pending).
    const pendenteAntes = Math.max(pedida - antes, 0);
    const pendenteDepois = Math.max(pedida - Math.max(depois, 0), 0);
    const chave = `${linha.filial_id}:${linha.deposito_id}`;
    const porProduto = aReceber.get(chave) ?? new Map<number, number>();
    porProduto.set(item.produtoId, (porProduto.get(item.produtoId) ?? 0) + pendenteDepois - pendenteAntes);
    aReceber.set(chave, porProduto);
  }
  await tx.query(
    `UPDATE pedido_compra_item i SET quantidade_recebida = u.q, versao = i.versao + 1, alterado_em = now(), alterado_por = $3
       FROM unnest($1::bigint[], $2::numeric[]) AS u(id, q) WHERE i.id = u.id`,
    [[...recebida.keys()], [...recebida.values()], scope.usuarioId],
  );
  for (const [chave, porProduto] of aReceber) {
    const [filial, deposito] = chave.split(':');
    if (deposito === 'null') continue;
    await mudarAReceber(tx, scope, Number(filial), Number(deposito), porProduto);
  }
  for (const id of ids) {
    const lista = pedidos.get(id) ?? [];
    const de = lista[0]?.situacao ?? '';
    const algum = lista.some((l) => (recebida.get(l.item_id) ?? 0) > 0);
    const tudo = lista.every((l) => (recebida.get(l.item_id) ?? 0) >= Number(l.quantidade) - 1e-9);
    const para = tudo ? 'recebido' : algum ? 'parcial' : 'aReceber';
    if (para === de) continue;
    context.events?.push({
      event: `pedidoCompra.${sinal > 0 ? 'receber' : 'estornarRecebimento'}`,
      id,
      empresaId: scope.empresaId,
      situacao: para,
    });
    await tx.query(
      `WITH doc AS (
         UPDATE pedido_compra SET situacao = $2, versao = versao + 1, alterado_em = now(), alterado_por = $3
          WHERE id = $1 RETURNING id)
       INSERT INTO documento_historico (empresa_id, entidade, registro_id, acao, situacao_de, situacao_para, usuario_id, diferencas)
       SELECT $4, 'pedidoCompra', id, $5, $6, $2, $3, $7::jsonb FROM doc`,
      [
        id,
        para,
        scope.usuarioId,
        scope.empresaId,
        sinal > 0 ? 'receber' : 'estornarRecebimento',
        de,
        JSON.stringify({ notaEntradaId: Number(context.doc.id) }),
      ],
    );
  }
}
