import type { Tx } from '../db/database.ts';

/** A difference a ledger check found, with where. */
export interface LedgerDifference {
  empresaId: number;
  chave: string;
  regra: string;
  mensagem: string;
}

/**
 * Runs a ledger check statement whose rows are `(regra, empresa_id, chave, a, b)`: one row `contagem` with
 * the two counts checked, then one row per difference. `mensagens` writes each rule's pt-BR text from a and b
 * (a rule without one is named as it is); `regraDe` maps a sub-rule (F8total, P1caixa…) to the invariant
 * it belongs to.
 */
export async function runLedgerCheck(
  tx: Tx,
  sql: string,
  mensagens: Record<string, (a: number, b: number) => string>,
  regraDe: (regra: string) => string,
): Promise<{ contagem: [number, number]; diferencas: LedgerDifference[] }> {
  const rows = await tx.query<{
    regra: string;
    empresa_id: string;
    chave: string | null;
    a: string;
    b: string;
  }>(sql);
  const result = { contagem: [0, 0] as [number, number], diferencas: [] as LedgerDifference[] };
  for (const row of rows) {
    if (row.regra === 'contagem') {
      result.contagem = [Number(row.a), Number(row.b)];
      continue;
    }
    result.diferencas.push({
      empresaId: Number(row.empresa_id),
      chave: row.chave ?? '',
      regra: regraDe(row.regra),
      mensagem: mensagens[row.regra]?.(Number(row.a), Number(row.b)) ?? row.regra,
    });
  }
  return result;
}
