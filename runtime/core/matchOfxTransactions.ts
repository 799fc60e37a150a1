import { roundMoney } from './roundMoney.ts';

/** An open financial entry as reconciliation sees it: what is still to be paid or received. */
export interface OpenLancamento {
  id: number;
  /** 1 receita (money in), 2 despesa (money out); transfers are not settled from a statement. */
  tipo: number;
  /** Value still open (the entry's value minus what its baixas settled). */
  saldo: number;
  dataVencimento: string;
}

/** A statement line to reconcile: its id, date and signed amount. */
export interface StatementLine {
  fitId: string;
  data: string;
  valor: number;
}

export interface LineMatch {
  /** Entries of the same kind and open value within the date window, nearest due date first. */
  candidatos: number[];
  /** The suggested entry (each entry suggested to one line at most), or null. */
  sugerido: number | null;
}

/** Default distance, in days, between the statement date and the due date of a suggested entry. */
export const OFX_MATCH_DAYS = 7;

const day = (iso: string) =>
  Date.UTC(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10))) / 86_400_000;

/**
 * Suggests, for each statement line, the open entry it settles: a credit a receita and a debit a despesa
 * whose open value equals the amount to the cent and whose due date is at most `days` away. Lines are
 * served in date order and an entry goes to the nearest line only once, so two equal payments in a
 * month settle two instalments rather than the same one twice.
 */
export function matchOfxTransactions(
  lines: StatementLine[],
  lancamentos: OpenLancamento[],
  days = OFX_MATCH_DAYS,
): Map<string, LineMatch> {
  const result = new Map<string, LineMatch>();
  const used = new Set<number>();
  const ordered = [...lines].sort((a, b) => a.data.localeCompare(b.data) || a.fitId.localeCompare(b.fitId));
  for (const line of ordered) {
    const tipo = line.valor > 0 ? 1 : 2;
    const amount = roundMoney(Math.abs(line.valor));
    const candidatos = lancamentos
      .filter(
        (lancamento) =>
          lancamento.tipo === tipo &&
          roundMoney(lancamento.saldo) === amount &&
          Math.abs(day(lancamento.dataVencimento) - day(line.data)) <= days,
      )
      .sort(
        (a, b) =>
          Math.abs(day(a.dataVencimento) - day(line.data)) -
            Math.abs(day(b.dataVencimento) - day(line.data)) || a.id - b.id,
      )
      .map((lancamento) => lancamento.id);
    const sugerido = candidatos.find((id) => !used.has(id)) ?? null;
    if (sugerido !== null) used.add(sugerido);
    result.set(line.fitId, { candidatos, sugerido });
  }
  return result;
}
