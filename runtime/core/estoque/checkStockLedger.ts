import { roundMoney } from '../roundMoney.ts';
import { roundTo } from './roundTo.ts';

/** One ledger row of a key (produto × depósito × lote), as the check reads it. */
export interface LedgerRow {
  id: number;
  qtd: number;
  qtdApos: number;
  custoMedioApos: number;
  valorApos: number;
  difValor: number;
  balanco?: boolean;
  estornoDe?: number | null;
}

/** The stored balance of the key (saldo_estoque), absent when no row exists. */
export interface StoredBalance {
  fisico: number;
  custoMedio: number;
  valor: number;
}

/** A difference found: the invariant (E1…E7), the ledger row when it concerns one, and what differs. */
export interface LedgerDifference {
  regra: string;
  movimentacaoId?: number;
  mensagem: string;
}

const same = (a: number, b: number, tolerance = 1e-9) => Math.abs(a - b) <= tolerance;

/**
 * Recomputes one key's balance from its ledger rows (in posting order, id) and checks the invariants of
 * flows.md §1: E1 físico = Σ qtd, E2 valor = Σ difValor and valorApos ≈ qtdApos·custoMedioApos (±0.01),
 * E3 qtdApos(n) = qtdApos(n−1) + qtd(n), E4 a saída leaves the average unchanged, and the stored balance
 * equal to the last row. [] means the key is consistent.
 */
export function checkStockLedger(rows: LedgerRow[], stored: StoredBalance | undefined): LedgerDifference[] {
  const differences: LedgerDifference[] = [];
  let qtd = 0;
  let valor = 0;
  let custo = 0;
  for (const row of rows) {
    const expected = roundTo(qtd + row.qtd, 6);
    if (!same(row.qtdApos, expected))
      differences.push({
        regra: 'E3',
        movimentacaoId: row.id,
        mensagem: `qtdApos ${row.qtdApos}, esperado ${expected}`,
      });
    valor = roundMoney(valor + row.difValor);
    if (!same(row.valorApos, valor, 0.005))
      differences.push({
        regra: 'E2',
        movimentacaoId: row.id,
        mensagem: `valorApos ${row.valorApos}, Σ difValor ${valor}`,
      });
    if (Math.abs(row.valorApos - row.qtdApos * row.custoMedioApos) > 0.01 + 1e-9)
      differences.push({
        regra: 'E2',
        movimentacaoId: row.id,
        mensagem: `valorApos ${row.valorApos} difere de qtdApos × custoMedioApos (${roundMoney(row.qtdApos * row.custoMedioApos)})`,
      });
    if (row.qtd < 0 && !row.balanco && !row.estornoDe && !same(row.custoMedioApos, custo))
      differences.push({
        regra: 'E4',
        movimentacaoId: row.id,
        mensagem: `a saída mudou o custo médio de ${custo} para ${row.custoMedioApos}`,
      });
    qtd = row.qtdApos;
    custo = row.custoMedioApos;
  }
  const fisico = roundTo(
    rows.reduce((sum, row) => sum + row.qtd, 0),
    4,
  );
  const balance = stored ?? { fisico: 0, custoMedio: 0, valor: 0 };
  if (!same(balance.fisico, fisico))
    differences.push({ regra: 'E1', mensagem: `saldo físico ${balance.fisico}, Σ qtd do razão ${fisico}` });
  if (!same(balance.valor, valor, 0.005))
    differences.push({ regra: 'E2', mensagem: `saldo valor ${balance.valor}, Σ difValor do razão ${valor}` });
  if (rows.length > 0 && !same(balance.custoMedio, custo, 1e-6))
    differences.push({
      regra: 'custo',
      mensagem: `saldo custo médio ${balance.custoMedio}, último do razão ${custo}`,
    });
  return differences;
}

/** E7: a transfer posted exactly two rows (or two more per estorno) whose quantities and values cancel out. */
export function checkTransferRows(rows: Array<{ qtd: number; difValor: number }>): LedgerDifference[] {
  const differences: LedgerDifference[] = [];
  if (rows.length !== 2) differences.push({ regra: 'E7', mensagem: `${rows.length} linhas, esperadas 2` });
  const qtd = roundTo(
    rows.reduce((sum, row) => sum + row.qtd, 0),
    4,
  );
  const valor = roundMoney(rows.reduce((sum, row) => sum + row.difValor, 0));
  if (qtd !== 0) differences.push({ regra: 'E7', mensagem: `Σ qtd ${qtd}, esperado 0` });
  if (valor !== 0) differences.push({ regra: 'E7', mensagem: `Σ difValor ${valor}, esperado 0` });
  return differences;
}
