import type { Tx } from '../../db/database.ts';
import { money } from '../dashboard/dashboardKpis.ts';

export interface SaldoContas {
  data: string;
  /** Σ of the accounts' saldo at `data`. */
  total: number;
  contas: Array<{ id: number; descricao: string; saldo: number }>;
}

/**
 * Saldo em contas (flows.md §5, F3): for each active account of the branch, saldo inicial + Σ of its
 * movements dated on or before `data` (a movement dated later — a scheduled one — does not count yet).
 */
export async function saldoContas(tx: Tx, data: string): Promise<SaldoContas> {
  const rows = await tx.query<{ id: number; descricao: string; saldo: string }>(
    `SELECT c.id::int AS id, c.descricao,
            COALESCE(c.saldo_inicial, 0)
              + COALESCE((SELECT sum(m.valor) FROM movimento_financeiro m
                           WHERE m.conta_id = c.id AND m.data <= $1::date), 0) AS saldo
       FROM conta c
      WHERE c.ativo IS NOT FALSE
      ORDER BY c.descricao, c.id`,
    [data],
  );
  const contas = rows.map((row) => ({ id: row.id, descricao: row.descricao, saldo: money(row.saldo) }));
  return { data, total: money(contas.reduce((sum, conta) => sum + conta.saldo, 0)), contas };
}
