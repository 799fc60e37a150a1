import { HttpError } from '../errors.ts';
import { estoqueEstornar, estornarMovimentos } from './estoqueEstornar.ts';
import type { PostingContext } from './PostingContext.ts';
import { desmarcarLancamento, type OrigemLancamento, origemAtiva } from './vendaCadeia.ts';
import { depositoDaVenda, itensDaVenda, movimentaEstoque, mudarReserva } from './vendaEstoque.ts';
import { descartarNotaFiscal } from './vendaNotaFiscal.ts';

/**
 * Effect `venda.cancelar`: an approved order releases its reservation; an invoiced one undoes whichever
 * launch its chain holds (flows.md §3) — the pedido's or its nota fiscal's stock saída (reversing rows
 * dated on the cancel date, at the value they took out; a saída not launched yet releases the reservation
 * the nota kept) and contas a receber (cancelled) — refused while any of them has a baixa (estorne o
 * recebimento primeiro) or the pedido has a confirmed devolução (its entrada would be reversed twice). An
 * orçamento posted nothing and undoes nothing.
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
  const estoque = await origemAtiva(
    context,
    id,
    'estoque',
    (doc.estoqueLancadoPor as OrigemLancamento) ?? null,
  );
  const contas = await origemAtiva(
    context,
    id,
    'contas',
    (doc.contasLancadasPor as OrigemLancamento) ?? null,
  );
  const titulos = contas ?? { tipo, id };
  const baixas = await tx.one<{ parcelas: number[] | null }>(
    `SELECT array_agg(DISTINCT l.parcela ORDER BY l.parcela) AS parcelas
       FROM lancamento l JOIN baixa b ON b.lancamento_id = l.id AND NOT b.estornada
      WHERE l.empresa_id = $1 AND l.origem_tipo = $2 AND l.origem_id = $3 AND l.situacao <> 3`,
    [scope.empresaId, titulos.tipo, titulos.id],
  );
  if (baixas.parcelas && baixas.parcelas.length > 0)
    throw new HttpError(
      409,
      'PEDIDO_COM_BAIXA',
      `O pedido ${doc.numero} não pode ser cancelado: a conta a receber (parcela ${baixas.parcelas.join(', ')}) tem baixa. Estorne o recebimento antes de cancelar.`,
    );
  await tx.query(
    `UPDATE lancamento SET situacao = 3, versao = versao + 1, alterado_em = now(), alterado_por = $4
      WHERE empresa_id = $1 AND origem_tipo = $2 AND origem_id = $3 AND situacao <> 3`,
    [scope.empresaId, titulos.tipo, titulos.id, scope.usuarioId],
  );
  if (estoque?.tipo === 'notaFiscal')
    await estornarMovimentos(
      context,
      estoque,
      `Estorno da nota fiscal${estoque.numero ? ` nº ${estoque.numero}` : ''} (pedido de venda nº ${doc.numero} cancelado)`,
    );
  else if (movimentaEstoque(doc) && doc.lancarPor === 'notaFiscal')
    // The nota never launched the saída (or reversed it): the goods it kept reserved are released.
    await mudarReserva(context, itensDaVenda(context), depositoDaVenda(context), -1);
  else await estoqueEstornar(context);
  await desmarcarLancamento(context, id, 'estoque');
  await desmarcarLancamento(context, id, 'contas');
  await descartarNotaFiscal(context);
  await tx.query('UPDATE pedido_venda SET valor_comissao = 0 WHERE id = $1', [id]);
}
