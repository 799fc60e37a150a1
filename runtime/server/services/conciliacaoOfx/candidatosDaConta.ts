import type { CandidatoConciliacao } from '../../../core/financeiro/candidatosConciliacao.ts';
import type { RecordContext } from '../records/recordContext.ts';
import { openLancamentos } from './openLancamentos.ts';

/**
 * What the lines of one account may be reconciled with, due or dated in [from, to]: the open receitas and
 * despesas of the account (their open value, signed: receita +, despesa −) with their document number and
 * party. Branch by RLS and repeated conditions.
 */
export async function candidatosDaConta(
  context: RecordContext,
  contaId: number,
  from: string,
  to: string,
): Promise<CandidatoConciliacao[]> {
  const open = (await openLancamentos(context, { from, to })).filter(
    (row) => Number(row.contaId) === contaId,
  );
  if (open.length === 0) return [];
  const extras = await context.tx.query<{
    id: number;
    numero_documento: string | null;
    nome: string | null;
    cpf_cnpj: string | null;
  }>(
    `SELECT l.id, l.numero_documento, p.nome, p.cpf_cnpj
       FROM lancamento l LEFT JOIN pessoa p ON p.id = l.pessoa_id AND p.empresa_id = l.empresa_id
      WHERE l.id = ANY($1) AND l.empresa_id = $2`,
    [open.map((row) => row.id), context.scope.empresaId],
  );
  const byId = new Map(extras.map((row) => [Number(row.id), row]));
  return open.map((row) => {
    const extra = byId.get(Number(row.id));
    return {
      tipo: 'titulo' as const,
      id: Number(row.id),
      data: row.dataVencimento,
      valor: row.tipo === 1 ? row.saldo : -row.saldo,
      descricao: row.descricao,
      referencia: extra?.numero_documento ?? null,
      pessoaNome: extra?.nome ?? null,
      pessoaDocumento: extra?.cpf_cnpj ?? null,
    };
  });
}
