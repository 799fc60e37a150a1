import { HttpError } from '../../errors.ts';
import type { RecordContext } from '../records/recordContext.ts';

/** situacaoExtratoLinha codes. */
export const SITUACAO_LINHA = { PENDENTE: 0, CONCILIADO: 1, IGNORADO: 2 } as const;

export interface LinhaLocked {
  id: number;
  contaId: number;
  data: string;
  valor: number;
  memo: string | null;
  nome: string | null;
  situacao: number;
}

/** The line of the branch, locked FOR UPDATE (two reconciliations of one line serialise); 404 when absent. */
export async function lockLinha(context: RecordContext, id: number): Promise<LinhaLocked> {
  const row = await context.tx.maybeOne<LinhaLocked>(
    `SELECT id, conta_id AS "contaId", to_char(data, 'YYYY-MM-DD') AS data, valor, memo, nome, situacao
       FROM extrato_linha WHERE id = $1 AND empresa_id = $2 AND filial_id = $3 FOR UPDATE`,
    [id, context.scope.empresaId, context.scope.filialId],
  );
  if (!row) throw new HttpError(404, 'LINHA_NAO_ENCONTRADA', 'Linha do extrato não encontrada nesta filial.');
  return row;
}

/** Sets the line's situação (and when it was reconciled), bumping its version. */
export async function marcarLinha(context: RecordContext, id: number, situacao: number): Promise<void> {
  await context.tx.query(
    `UPDATE extrato_linha SET situacao = $2, conciliado_em = CASE WHEN $2 = 1 THEN now() END,
            versao = versao + 1, alterado_em = now(), alterado_por = $3
      WHERE id = $1`,
    [id, situacao, context.scope.usuarioId],
  );
}

/** Ignora a pending line (a line the company does not keep: e.g. an internal application); 409 otherwise. */
export async function ignorarLinha(
  context: RecordContext,
  id: number,
): Promise<{ id: number; situacao: number }> {
  const linha = await lockLinha(context, id);
  if (linha.situacao !== SITUACAO_LINHA.PENDENTE)
    throw new HttpError(
      409,
      'LINHA_NAO_PENDENTE',
      `A linha de ${linha.data.split('-').reverse().join('/')} já está ${linha.situacao === 1 ? 'conciliada' : 'ignorada'}; desfaça antes de ignorá-la.`,
    );
  await marcarLinha(context, id, SITUACAO_LINHA.IGNORADO);
  return { id, situacao: SITUACAO_LINHA.IGNORADO };
}

/**
 * Undoes a line: a reconciled one has its movements unlinked (extrato_linha_id cleared — the movements and
 * the baixas stay: a title paid stays paid; estornar the baixa is a separate act), an ignored one is pending
 * again. 409 when the line is pending.
 */
export async function desfazerLinha(
  context: RecordContext,
  id: number,
): Promise<{ id: number; situacao: number; movimentos: number[] }> {
  const linha = await lockLinha(context, id);
  if (linha.situacao === SITUACAO_LINHA.PENDENTE)
    throw new HttpError(
      409,
      'LINHA_PENDENTE',
      'A linha do extrato está pendente: não há conciliação a desfazer.',
    );
  const movimentos =
    linha.situacao === SITUACAO_LINHA.CONCILIADO
      ? await context.tx.query<{ id: number }>(
          `UPDATE movimento_financeiro SET extrato_linha_id = NULL, alterado_em = now(), alterado_por = $3
            WHERE extrato_linha_id = $1 AND empresa_id = $2 RETURNING id`,
          [id, context.scope.empresaId, context.scope.usuarioId],
        )
      : [];
  await marcarLinha(context, id, SITUACAO_LINHA.PENDENTE);
  return { id, situacao: SITUACAO_LINHA.PENDENTE, movimentos: movimentos.map((row) => Number(row.id)) };
}
