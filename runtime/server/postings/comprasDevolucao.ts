import { roundMoney } from '../../core/roundMoney.ts';
import { HttpError } from '../errors.ts';
import { dataDaDevolucao } from './dataDevolucao.ts';
import { abaterTitulos, lancarCredito } from './devolucaoFinanceiro.ts';
import type { PostingContext } from './PostingContext.ts';
import { dateOnly, postStockMovements, type StockLine } from './postStockMovements.ts';
import { formatQtd, stockError } from './stockErrors.ts';

interface ItemNota {
  numero_item: number;
  produto_id: string | null;
  recebida: string;
  valor_item: string;
  devolvido: string;
}

/**
 * Effect `compras.devolver` (confirmar a devolução de compra; flows.md §3 Devolução):
 * - the nota de entrada must be lançada (locked FOR UPDATE, so two returns of one nota queue);
 * - per item, quantity ≤ received (the nota's quantity × its unit factor) − already returned;
 * - goods leave the nota's depósito at the **current average cost** (a saída: the average does not change),
 *   at the devolução's typed `data` (dataDevolucao.ts: not in the future nor before the nota's entrada);
 * - the value (the item's invoiced share: products − discount + freight, insurance, other expenses, IPI,
 *   ICMS-ST/FCP-ST and II, in proportion to the quantity) reduces the nota's open payables without baixa
 *   from the last parcela back (abatimento), and what they cannot absorb — or everything, with tratamento
 *   crédito — becomes a crédito with the supplier: a conta a receber from the supplier.
 */
export async function comprasDevolver(context: PostingContext): Promise<void> {
  const { tx, scope, doc } = context;
  const tipo = context.record.entity.base;
  const id = Number(doc.id);
  const itens = ((doc.itens as Record<string, unknown>[] | undefined) ?? []).map((item) => ({
    numeroItem: Number(item.numeroItem),
    quantidade: Number(item.quantidade),
  }));
  if (itens.length === 0)
    throw stockError('DEVOLUCAO_SEM_ITENS', 'Informe ao menos um item devolvido antes de confirmar.');
  const nota = await tx.maybeOne<Record<string, unknown>>(
    `SELECT id, numero, serie, situacao, fornecedor_id, deposito_id,
            (SELECT max(m.data) FROM movimentacao_estoque m WHERE m.origem_tipo = 'notaEntrada' AND m.origem_id = nota_entrada.id) AS entrada,
            to_char(data_entrada, 'YYYY-MM-DD') AS data_entrada
       FROM nota_entrada WHERE id = $1 AND empresa_id = $2 AND filial_id = $3 FOR UPDATE`,
    [Number(doc.notaEntradaId), scope.empresaId, scope.filialId],
  );
  if (!nota) throw new HttpError(422, 'NOTA_NAO_ENCONTRADA', 'Nota de entrada não encontrada nesta filial.');
  if (nota.situacao !== 'lancada')
    throw new HttpError(
      422,
      'NOTA_NAO_LANCADA',
      `Só é possível devolver itens de uma nota de entrada lançada no estoque: a NF-e ${nota.numero} está ${nota.situacao === 'cancelada' ? 'cancelada' : 'pendente'}.`,
    );
  const data = dataDaDevolucao(context, {
    data: (nota.entrada as Date | string | null) ?? `${nota.data_entrada}T00:00:00-03:00`,
    descricao: `à entrada da NF-e ${nota.numero}`,
  });
  const linhas = await tx.query<ItemNota>(
    `SELECT i.numero_item, i.produto_id, round(i.quantidade * coalesce(nullif(i.fator_conversao, 0), 1), 6) AS recebida,
            coalesce(i.valor_total, 0) - coalesce(i.valor_desconto, 0) + coalesce(i.valor_frete, 0)
              + coalesce(i.valor_seguro, 0) + coalesce(i.valor_outras, 0) + coalesce(i.valor_ipi, 0)
              + coalesce(i.valor_icms_st, 0) + coalesce(i.valor_fcp_st, 0) + coalesce(i.valor_ii, 0) AS valor_item,
            (SELECT coalesce(sum(di.quantidade), 0) FROM devolucao_compra_item di
               JOIN devolucao_compra d ON d.id = di.devolucao_compra_id
              WHERE d.nota_entrada_id = i.nota_entrada_id AND d.situacao = 'confirmada' AND d.id <> $2
                AND di.numero_item = i.numero_item) AS devolvido
       FROM nota_entrada_item i WHERE i.nota_entrada_id = $1`,
    [Number(nota.id), id],
  );
  const porNumero = new Map(linhas.map((linha) => [Number(linha.numero_item), linha]));
  let valor = 0;
  const saidas: StockLine[] = [];
  for (const item of itens) {
    const linha = porNumero.get(item.numeroItem);
    if (!linha || linha.produto_id === null)
      throw stockError(
        'ITEM_INEXISTENTE',
        `Item ${item.numeroItem}: a NF-e ${nota.numero} não tem esse item.`,
      );
    if (!(item.quantidade > 0))
      throw stockError(
        'QUANTIDADE_INVALIDA',
        `Item ${item.numeroItem}: a quantidade devolvida deve ser maior que zero.`,
      );
    const recebida = Number(linha.recebida);
    const saldo = recebida - Number(linha.devolvido);
    if (item.quantidade > saldo + 1e-9)
      throw stockError(
        'DEVOLUCAO_EXCEDENTE',
        `Item ${item.numeroItem}: a quantidade devolvida (${formatQtd(item.quantidade)}) excede o que resta a devolver da NF-e ${nota.numero} (${formatQtd(Math.max(saldo, 0))}: recebido ${formatQtd(recebida)}, já devolvido ${formatQtd(Number(linha.devolvido))}).`,
      );
    valor += (Number(linha.valor_item) * item.quantidade) / recebida;
    saidas.push({
      produtoId: Number(linha.produto_id),
      depositoId: Number(nota.deposito_id),
      loteId: null,
      movement: { tipo: 'saida', qtd: item.quantidade },
      data,
      motivo: `Devolução de compra da NF-e ${nota.numero}`,
      origemTipo: tipo,
      origemLinha: item.numeroItem,
      rotulo: `Item ${item.numeroItem}: `,
    });
  }
  await postStockMovements(context, id, saidas);

  const restante =
    doc.tratamento === 'credito'
      ? roundMoney(valor)
      : await abaterTitulos(
          tx,
          scope,
          { tipo: 'notaEntrada', id: Number(nota.id) },
          valor,
          (abatido) => `Abatido ${abatido} pela devolução de compra nº ${doc.numero}.`,
        );
  if (restante > 0)
    await lancarCredito(tx, scope, {
      tipo: 1,
      descricao: `Crédito com o fornecedor: devolução de compra nº ${doc.numero} da NF-e ${nota.numero}`,
      pessoaId: nota.fornecedor_id,
      contaId: null,
      valor: restante,
      data: dateOnly(data),
      documento: `DC ${doc.numero}`,
      origem: { tipo, id },
    });
}
