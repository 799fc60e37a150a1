import { roundMoney } from '../../core/roundMoney.ts';
import { HttpError } from '../errors.ts';
import { dataDaDevolucao } from './dataDevolucao.ts';
import { abaterTitulos, lancarCredito } from './devolucaoFinanceiro.ts';
import type { PostingContext } from './PostingContext.ts';
import { dateOnly, postStockMovements } from './postStockMovements.ts';
import { formatQtd, stockError } from './stockErrors.ts';
import { type OrigemLancamento, origemAtiva } from './vendaCadeia.ts';
import { LINHAS_POR_LANCAMENTO } from './vendaLancar.ts';

const lancadoPor = (value: unknown) =>
  value === 'pedido' || value === 'notaFiscal' ? (value as OrigemLancamento) : null;

interface ItemPedido {
  numero_item: number;
  produto_id: string;
  quantidade: string;
  valor_unitario: string;
  devolvido: string;
  custo: string | null;
}

/**
 * Effect `venda.devolver` (confirmar a devolução de venda; flows.md §3 Devolução):
 * - the pedido must be faturado or entregue (locked FOR UPDATE, so two returns of one pedido queue);
 * - per item, quantity ≤ delivered − already returned (confirmed returns of the pedido);
 * - goods go back into the pedido's depósito at the **original saída cost** of the item (the active ledger
 *   row of whoever launched the stock: the pedido or its nota fiscal; not launched yet by the nota: 409);
 * - it posts at its typed `data` (dataDevolucao.ts: not in the future nor before the faturamento);
 * - the value (quantity × the pedido's unit price) reduces the chain's open receivables without baixa from
 *   the last parcela back (abatimento; a title reduced to zero is cancelled), and what they cannot absorb —
 *   or everything, with tratamento crédito — becomes a crédito: a conta a pagar to the customer.
 */
export async function vendaDevolver(context: PostingContext): Promise<void> {
  const { tx, scope, doc } = context;
  const tipo = context.record.entity.base;
  const id = Number(doc.id);
  const itens = ((doc.itens as Record<string, unknown>[] | undefined) ?? []).map((item) => ({
    numeroItem: Number(item.numeroItem),
    quantidade: Number(item.quantidade),
  }));
  if (itens.length === 0)
    throw stockError('DEVOLUCAO_SEM_ITENS', 'Informe ao menos um item devolvido antes de confirmar.');
  const pedido = await tx.maybeOne<Record<string, unknown>>(
    `SELECT id, numero, tipo, situacao, cliente_id, deposito_id, conta_id, to_char(data_emissao, 'YYYY-MM-DD') AS data_emissao, lancar_por,
            estoque_lancado_por, contas_lancadas_por, valor_total
       FROM pedido_venda WHERE id = $1 AND empresa_id = $2 AND filial_id = $3 FOR UPDATE`,
    [Number(doc.pedidoVendaId), scope.empresaId, scope.filialId],
  );
  if (!pedido)
    throw new HttpError(422, 'PEDIDO_NAO_ENCONTRADO', 'Pedido de venda não encontrado nesta filial.');
  if (pedido.situacao !== 'faturado' && pedido.situacao !== 'entregue')
    throw new HttpError(
      422,
      'PEDIDO_NAO_FATURADO',
      `Só é possível devolver itens de um pedido faturado ou entregue: o pedido ${pedido.numero} está ${String(pedido.situacao)}.`,
    );
  const pedidoId = Number(pedido.id);
  const goods = Number(pedido.tipo) === 0 && pedido.deposito_id !== null;
  // The stock and the titles to return against: the chain's active launches (the pedido's or its nota's).
  const estoque = await origemAtiva(context, pedidoId, 'estoque', lancadoPor(pedido.estoque_lancado_por));
  const contas = (await origemAtiva(context, pedidoId, 'contas', lancadoPor(pedido.contas_lancadas_por))) ?? {
    tipo: 'pedidoVenda' as const,
    id: pedidoId,
  };
  // By the nota: what it has not launched yet was not delivered nor billed, so nothing can come back.
  if (
    pedido.lancar_por === 'notaFiscal' &&
    ((goods && !estoque) || (!pedido.contas_lancadas_por && Number(pedido.valor_total) > 0))
  )
    throw new HttpError(
      409,
      'LANCAMENTOS_PENDENTES',
      `O pedido ${pedido.numero} lança o estoque e as contas pela nota fiscal: lance-os pela nota antes de confirmar a devolução.`,
    );
  const saida = estoque ?? { tipo: 'pedidoVenda' as const, id: pedidoId };
  const faturamento = await tx.one<{ data: string | Date | null }>(
    `SELECT max(m.data) AS data FROM movimentacao_estoque m WHERE m.origem_tipo = $1 AND m.origem_id = $2`,
    [saida.tipo, saida.id],
  );
  const data = dataDaDevolucao(context, {
    data: faturamento.data ?? `${pedido.data_emissao}T00:00:00-03:00`,
    descricao: `ao faturamento do pedido ${pedido.numero}`,
  });
  const linhas = await tx.query<ItemPedido>(
    `SELECT i.numero_item, i.produto_id, i.quantidade, i.valor_unitario,
            (SELECT coalesce(sum(di.quantidade), 0) FROM devolucao_venda_item di
               JOIN devolucao_venda d ON d.id = di.devolucao_venda_id
              WHERE d.pedido_venda_id = i.pedido_venda_id AND d.situacao = 'confirmada' AND d.id <> $2
                AND di.numero_item = i.numero_item) AS devolvido,
            (SELECT m.custo_unitario FROM movimentacao_estoque m
              WHERE m.origem_tipo = $3 AND m.origem_id = $4 AND m.origem_linha % ${LINHAS_POR_LANCAMENTO} = i.numero_item
                AND NOT EXISTS (SELECT 1 FROM movimentacao_estoque e WHERE e.origem_tipo = $5 AND e.origem_id = m.origem_id
                                  AND e.origem_linha = m.origem_linha)
              ORDER BY m.id DESC LIMIT 1) AS custo
       FROM pedido_venda_item i WHERE i.pedido_venda_id = $1`,
    [pedidoId, id, saida.tipo, saida.id, `${saida.tipo}.estorno`],
  );
  const porNumero = new Map(linhas.map((linha) => [Number(linha.numero_item), linha]));
  let valor = 0;
  const entradas: Parameters<typeof postStockMovements>[2] = [];
  for (const item of itens) {
    const linha = porNumero.get(item.numeroItem);
    if (!linha)
      throw stockError(
        'ITEM_INEXISTENTE',
        `Item ${item.numeroItem}: o pedido ${pedido.numero} não tem esse item.`,
      );
    if (!(item.quantidade > 0))
      throw stockError(
        'QUANTIDADE_INVALIDA',
        `Item ${item.numeroItem}: a quantidade devolvida deve ser maior que zero.`,
      );
    const saldo = Number(linha.quantidade) - Number(linha.devolvido);
    if (item.quantidade > saldo + 1e-9)
      throw stockError(
        'DEVOLUCAO_EXCEDENTE',
        `Item ${item.numeroItem}: a quantidade devolvida (${formatQtd(item.quantidade)}) excede o que resta a devolver do pedido ${pedido.numero} (${formatQtd(Math.max(saldo, 0))}: entregue ${formatQtd(Number(linha.quantidade))}, já devolvido ${formatQtd(Number(linha.devolvido))}).`,
      );
    valor += item.quantidade * Number(linha.valor_unitario);
    if (goods)
      entradas.push({
        produtoId: Number(linha.produto_id),
        depositoId: Number(pedido.deposito_id),
        loteId: null,
        movement: { tipo: 'entrada', qtd: item.quantidade, custo: Number(linha.custo ?? 0) },
        data,
        motivo: `Devolução do pedido de venda nº ${pedido.numero}`,
        origemTipo: tipo,
        origemLinha: item.numeroItem,
        rotulo: `Item ${item.numeroItem}: `,
      });
  }
  await postStockMovements(context, id, entradas);

  const restante =
    doc.tratamento === 'credito'
      ? roundMoney(valor)
      : await abaterTitulos(
          tx,
          scope,
          contas,
          valor,
          (abatido) => `Abatido ${abatido} pela devolução nº ${doc.numero}.`,
        );
  if (restante > 0)
    await lancarCredito(tx, scope, {
      tipo: 2,
      descricao: `Crédito ao cliente: devolução nº ${doc.numero} do pedido ${pedido.numero}`,
      pessoaId: pedido.cliente_id,
      contaId: pedido.conta_id === null ? null : Number(pedido.conta_id),
      valor: restante,
      data: dateOnly(data),
      documento: `DV ${doc.numero}`,
      origem: { tipo, id },
    });
}
