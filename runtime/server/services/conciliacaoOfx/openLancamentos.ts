import type { RecordContext } from '../records/recordContext.ts';

/** An open entry with what the reconciliation and the boleto return screens show of it. */
export interface OpenLancamentoRow {
  id: number;
  /** 1 receita (money in), 2 despesa (money out). */
  tipo: number;
  /** Value still open. */
  saldo: number;
  dataVencimento: string;
  descricao: string;
  valor: number;
  situacao: number;
  contaId: number;
}

/** Situações that still take baixas (situacaoLancamento: 0 em aberto, 2 pago parcialmente). */
export const OPEN_SITUACOES = [0, 2];

/**
 * The branch's open receitas and despesas (optionally only `ids`, locked for update) due in a date window,
 * with their open value (valorAberto: the entry's value minus the principal of its active baixas, kept by
 * the finance postings). Tenant and branch by RLS and repeated conditions.
 */
export async function openLancamentos(
  context: RecordContext,
  filter: { from?: string; to?: string; ids?: number[]; lock?: boolean },
): Promise<OpenLancamentoRow[]> {
  const lancamento = context.lookupTarget('lancamento');
  const col = (record: typeof lancamento, field: string) => `"${record.fieldMap[field]?.column ?? field}"`;
  const params: unknown[] = [context.scope.empresaId, context.scope.filialId, OPEN_SITUACOES];
  const conditions = ['l.empresa_id = $1', 'l.filial_id = $2', `l.${col(lancamento, 'situacao')} = ANY($3)`];
  conditions.push(`l.${col(lancamento, 'tipo')} IN (1, 2)`);
  if (filter.from) conditions.push(`l.${col(lancamento, 'dataVencimento')} >= $${params.push(filter.from)}`);
  if (filter.to) conditions.push(`l.${col(lancamento, 'dataVencimento')} <= $${params.push(filter.to)}`);
  if (filter.ids) conditions.push(`l.id = ANY($${params.push(filter.ids)})`);
  const rows = await context.tx.query<OpenLancamentoRow>(
    `SELECT l.id, l.${col(lancamento, 'tipo')} AS tipo, l.${col(lancamento, 'descricao')} AS descricao,
            l.${col(lancamento, 'valor')} AS valor, l.${col(lancamento, 'situacao')} AS situacao,
            l.${col(lancamento, 'contaId')} AS "contaId",
            to_char(l.${col(lancamento, 'dataVencimento')}, 'YYYY-MM-DD') AS "dataVencimento",
            l.${col(lancamento, 'valorAberto')} AS saldo
       FROM "${lancamento.entity.table}" l
      WHERE ${conditions.join(' AND ')}
      ORDER BY l.${col(lancamento, 'dataVencimento')}, l.id
      LIMIT 5000${filter.lock ? ' FOR UPDATE OF l' : ''}`,
    params,
  );
  return rows.filter((row) => row.saldo > 0.004);
}
