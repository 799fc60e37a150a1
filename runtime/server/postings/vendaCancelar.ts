import { HttpError } from '../errors.ts';
import { estoqueEstornar } from './estoqueEstornar.ts';
import type { PostingContext } from './PostingContext.ts';
import { depositoDaVenda, itensDaVenda, movimentaEstoque, mudarReserva } from './vendaEstoque.ts';
import { descartarNotaFiscal } from './vendaNotaFiscal.ts';

/**
 * Effect `venda.cancelar`: an approved order releases its reservation; an invoiced one reverses its stock
 * saída (rows dated on the cancel date, at the value they took out) and cancels its contas a receber —
 * refused while any of them has a baixa (flows.md §3: estorne o recebimento primeiro) or the pedido has a
 * confirmed devolução (its entrada would be reversed twice). An orçamento posted
 * nothing and undoes nothing.
 */
export async function vendaCancelar(context: PostingContext): Promise<void> {
  const { tx, scope, doc } = context;
  const tipo = context.record.entity.base;
  const id = Number(doc.id);
  const situacao = String(doc.situacao);
  if (situacao === 'aprovado' && movimentaEstoque(doc)) {
    await mudarReserva(context, itensDaVenda(context), depositoDaVenda(context), -1);
    return;
  }
  if (situacao !== 'faturado') return;
  const devolucao = await tx.maybeOne<{ numero: number }>(
    `SELECT numero FROM devolucao_venda WHERE empresa_id = $1 AND pedido_venda_id = $2 AND situacao = 'confirmada'
      ORDER BY numero LIMIT 1`,
    [scope.empresaId, id],
  );
  if (devolucao)
    throw new HttpError(
      409,
      'PEDIDO_COM_DEVOLUCAO',
      `O pedido ${doc.numero} não pode ser cancelado: tem a devolução nº ${devolucao.numero} confirmada.`,
    );
  const baixas = await tx.one<{ parcelas: number[] | null }>(
    `SELECT array_agg(DISTINCT l.parcela ORDER BY l.parcela) AS parcelas
       FROM lancamento l JOIN baixa b ON b.lancamento_id = l.id
      WHERE l.empresa_id = $1 AND l.origem_tipo = $2 AND l.origem_id = $3`,
    [scope.empresaId, tipo, id],
  );
  if (baixas.parcelas && baixas.parcelas.length > 0)
    throw new HttpError(
      409,
      'PEDIDO_COM_BAIXA',
      `O pedido ${doc.numero} não pode ser cancelado: a conta a receber (parcela ${baixas.parcelas.join(', ')}) tem baixa. Estorne o recebimento antes de cancelar.`,
    );
  await descartarNotaFiscal(context);
  await tx.query(
    `UPDATE lancamento SET situacao = 3, versao = versao + 1, alterado_em = now(), alterado_por = $4
      WHERE empresa_id = $1 AND origem_tipo = $2 AND origem_id = $3 AND situacao <> 3`,
    [scope.empresaId, tipo, id, scope.usuarioId],
  );
  await estoqueEstornar(context);
  await tx.query('UPDATE pedido_venda SET valor_comissao = 0 WHERE id = $1', [id]);
}
