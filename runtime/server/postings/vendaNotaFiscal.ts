import { HttpError } from '../errors.ts';
import type { PostingContext } from './PostingContext.ts';

/** CFOP of the draft's items until the tax engine fills them: venda de mercadoria adquirida de terceiros. */
const CFOP_RASCUNHO = '5102';

/**
 * The NF-e draft prepared when a goods order is invoiced (issue 15): a notaFiscal de saída "Em digitação"
 * linked to the pedido (pedidoVendaId), with the order's destinatário, natureza, totals and items, for the
 * fiscal flow to complete and transmit, and the chain's E/C flags. It posts nothing itself: the pedido
 * launched stock and receivables already, or the nota's actions launch them (notaFiscalLancamentos.ts;
 * flows.md §3, never both). Only when the order names its natureza de operação, which an NF-e requires.
 */
export async function prepararNotaFiscal(context: PostingContext): Promise<void> {
  const { tx, scope, doc } = context;
  if (Number(doc.tipo ?? 0) !== 0 || doc.naturezaOperacaoId === null || doc.naturezaOperacaoId === undefined)
    return;
  const itens = (doc.itens as Record<string, unknown>[] | undefined) ?? [];
  await tx.query(
    `WITH nota AS (
       INSERT INTO nota_fiscal (empresa_id, filial_id, criado_por, alterado_por, tipo_operacao, finalidade,
              natureza_operacao_id, destinatario_id, data_emissao, valor_produtos, valor_frete, valor_desconto,
              valor_total, modalidade_frete, situacao, pedido_venda_id, informacoes_complementares,
              estoque_lancado_por, contas_lancadas_por)
       SELECT $1, $2, $3, $3, 1, 1, $4, $5, $6, $7, $8, $9, $10, 9, 0, $11, $12, p.estoque_lancado_por, p.contas_lancadas_por
         FROM pedido_venda p WHERE p.id = $11 RETURNING id)
     INSERT INTO nota_fiscal_item (empresa_id, filial_id, criado_por, alterado_por, nota_fiscal_id, numero_item,
            produto_id, codigo, descricao, ncm, cfop, unidade, quantidade, valor_unitario, valor_total)
     SELECT $1, $2, $3, $3, nota.id, i.n, i.p, pr.codigo, i.d, pr.ncm, $13, i.u, i.q, i.v, i.t
       FROM nota, unnest($14::int[], $15::bigint[], $16::text[], $17::text[], $18::numeric[], $19::numeric[], $20::numeric[])
            AS i(n, p, d, u, q, v, t)
       LEFT JOIN produto pr ON pr.id = i.p`,
    [
      scope.empresaId,
      scope.filialId,
      scope.usuarioId,
      Number(doc.naturezaOperacaoId),
      Number(doc.clienteId),
      context.agora,
      Number(doc.valorProdutos ?? 0),
      Number(doc.valorFrete ?? 0),
      Number(doc.valorDesconto ?? 0),
      Number(doc.valorTotal ?? 0),
      Number(doc.id),
      (doc.observacao as string | null) ?? null,
      CFOP_RASCUNHO,
      itens.map((item) => Number(item.numeroItem)),
      itens.map((item) => Number(item.produtoId)),
      itens.map((item) => String(item.descricao ?? '')),
      itens.map((item) => String(item.unidade ?? 'UN')),
      itens.map((item) => Number(item.quantidade)),
      itens.map((item) => Number(item.valorUnitario)),
      itens.map((item) => Number(item.valorTotal ?? 0)),
    ],
  );
}

/**
 * On cancelling an invoiced order (after its launches were reversed): its NF-e drafts still "Em digitação"
 * are removed, except those that launched stock or receivables, which stay as Cancelado so their ledger
 * rows keep their origem; an authorised note must be cancelled at SEFAZ first (409 naming it).
 */
export async function descartarNotaFiscal(context: PostingContext): Promise<void> {
  const { tx, scope, doc } = context;
  const autorizada = await tx.maybeOne<{ numero: number | null }>(
    `SELECT numero FROM nota_fiscal WHERE empresa_id = $1 AND pedido_venda_id = $2 AND situacao <> 0 AND situacao <> 2
      LIMIT 1`,
    [scope.empresaId, Number(doc.id)],
  );
  if (autorizada)
    throw new HttpError(
      409,
      'PEDIDO_COM_NOTA',
      `O pedido ${doc.numero} não pode ser cancelado: a nota fiscal${autorizada.numero ? ` nº ${autorizada.numero}` : ''} já foi emitida. Cancele a nota antes.`,
    );
  const lancou = `(EXISTS (SELECT 1 FROM movimentacao_estoque m WHERE m.origem_tipo = 'notaFiscal' AND m.origem_id = nota_fiscal.id)
     OR EXISTS (SELECT 1 FROM lancamento l WHERE l.empresa_id = $1 AND l.origem_tipo LIKE 'notaFiscal%' AND l.origem_id = nota_fiscal.id))`;
  await tx.query(
    `UPDATE nota_fiscal SET situacao = 2, versao = versao + 1, alterado_em = now()
      WHERE empresa_id = $1 AND pedido_venda_id = $2 AND situacao = 0 AND ${lancou}`,
    [scope.empresaId, Number(doc.id)],
  );
  await tx.query(
    `DELETE FROM nota_fiscal WHERE empresa_id = $1 AND pedido_venda_id = $2 AND situacao = 0 AND NOT ${lancou}`,
    [scope.empresaId, Number(doc.id)],
  );
}
