import type { CandidatoConciliacao } from '../../../core/financeiro/candidatosConciliacao.ts';
import type { RecordContext } from '../records/recordContext.ts';
import { openLancamentos } from './openLancamentos.ts';

/**
 * What the lines of one account may be reconciled with, dated or due in [from, to]: the account's movements
 * not yet reconciled (neither reversals nor reversed), and its open receitas and despesas (their open value,
 * signed: receita +, despesa −), each with its document number and party. Branch by RLS and repeated conditions.
 */
export async function candidatosDaConta(
  context: RecordContext,
  contaId: number,
  from: string,
  to: string,
): Promise<CandidatoConciliacao[]> {
  const movimentos = await context.tx.query<{
    id: number;
    data: string;
    valor: number;
    descricao: string | null;
    numero_documento: string | null;
    nome: string | null;
    cpf_cnpj: string | null;
  }>(
    `SELECT m.id, to_char(m.data, 'YYYY-MM-DD') AS data, m.valor, m.descricao, l.numero_documento, p.nome, p.cpf_cnpj
       FROM movimento_financeiro m
       LEFT JOIN lancamento l ON l.id = m.lancamento_id AND l.empresa_id = m.empresa_id
       LEFT JOIN pessoa p ON p.id = m.pessoa_id AND p.empresa_id = m.empresa_id
      WHERE m.empresa_id = $1 AND m.filial_id = $2 AND m.conta_id = $3 AND m.data BETWEEN $4 AND $5
        AND m.extrato_linha_id IS NULL AND m.estorno_de IS NULL
        AND NOT EXISTS (SELECT 1 FROM movimento_financeiro r WHERE r.estorno_de = m.id AND r.empresa_id = m.empresa_id)
      ORDER BY m.data, m.id LIMIT 5000`,
    [context.scope.empresaId, context.scope.filialId, contaId, from, to],
  );
  const fromMovimentos = movimentos.map((row) => ({
    tipo: 'movimento' as const,
    id: Number(row.id),
    data: row.data,
    valor: Number(row.valor),
    descricao: row.descricao ?? `Movimento ${row.id}`,
    referencia: row.numero_documento,
    pessoaNome: row.nome,
    pessoaDocumento: row.cpf_cnpj,
  }));
  const open = (await openLancamentos(context, { from, to })).filter(
    (row) => Number(row.contaId) === contaId,
  );
  if (open.length === 0) return fromMovimentos;
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
  const fromTitulos = open.map((row) => {
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
  return [...fromMovimentos, ...fromTitulos];
}
