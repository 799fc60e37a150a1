import { SITUACAO_TITULO } from '../../../core/financeiro/titulos.ts';
import { HttpError } from '../../errors.ts';
import type { PostingService } from '../PostingContext.ts';
import type { FinanceiroContext } from './razaoFinanceiro.ts';

/**
 * Cancels a title or a transfer not carried out (situação 3, flows.md §2 "cancelado only when there is no
 * active baixa"): refused while it has an active baixa (estorne antes) or once a transfer moved money.
 */
export async function cancelarTitulo(context: FinanceiroContext, lancamentoId: number): Promise<void> {
  const { tx, scope } = context;
  const titulo = await tx.maybeOne<{ descricao: string; situacao: number | null; ativas: string }>(
    `SELECT l.descricao, l.situacao,
            (SELECT count(*) FROM baixa b WHERE b.lancamento_id = l.id AND NOT b.estornada) AS ativas
       FROM lancamento l WHERE l.id = $1 AND l.empresa_id = $2 FOR UPDATE`,
    [lancamentoId, scope.empresaId],
  );
  if (!titulo)
    throw new HttpError(404, 'LANCAMENTO_NAO_ENCONTRADO', `O lançamento ${lancamentoId} não foi encontrado.`);
  if (titulo.situacao === SITUACAO_TITULO.CANCELADO)
    throw new HttpError(409, 'LANCAMENTO_CANCELADO', `"${titulo.descricao}" já está cancelado.`);
  if (Number(titulo.ativas) > 0)
    throw new HttpError(
      409,
      'LANCAMENTO_COM_BAIXA',
      `"${titulo.descricao}" tem ${titulo.ativas === '1' ? 'uma baixa' : `${titulo.ativas} baixas`}: estorne-as antes de cancelar.`,
    );
  if (titulo.situacao === SITUACAO_TITULO.PAGO)
    throw new HttpError(
      409,
      'TRANSFERENCIA_EFETIVADA',
      `"${titulo.descricao}" já foi efetivada: estorne-a (o estorno a cancela).`,
    );
  await tx.query(
    `UPDATE lancamento SET situacao = 3, versao = versao + 1, alterado_em = now(), alterado_por = $2 WHERE id = $1`,
    [lancamentoId, scope.usuarioId],
  );
  context.events?.push({
    event: 'lancamento.cancelado',
    id: lancamentoId,
    empresaId: scope.empresaId,
    situacao: '3',
  });
}

/** Effect `financeiro.cancelarTitulo` of the cancelar action (receitas, despesas, transferências). */
export const cancelarTituloEffect: PostingService = async (context) => {
  await cancelarTitulo(context, Number(context.doc.id));
};
