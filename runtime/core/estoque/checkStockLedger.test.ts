import { describe, expect, it } from 'vitest';
import { applyStockMovement, EMPTY_STOCK, type StockMovement } from './applyStockMovement.ts';
import { checkStockLedger, checkTransferRows, type LedgerRow } from './checkStockLedger.ts';

function post(movements: StockMovement[]): LedgerRow[] {
  let state = EMPTY_STOCK;
  return movements.map((movement, i) => {
    const posted = applyStockMovement(state, movement);
    state = posted.after;
    return {
      id: i + 1,
      qtd: posted.qtd,
      qtdApos: posted.after.qtd,
      custoMedioApos: posted.after.custoMedio,
      valorApos: posted.after.valor,
      difValor: posted.difValor,
      balanco: movement.tipo === 'balanco',
    };
  });
}

describe('checkStockLedger', () => {
  const rows = post([
    { tipo: 'entrada', qtd: 10, custo: 10 },
    { tipo: 'entrada', qtd: 10, custo: 12 },
    { tipo: 'saida', qtd: 5 },
    { tipo: 'balanco', contada: 20 },
  ]);

  it('finds nothing on a ledger posted by the rules and its balance', () => {
    expect(checkStockLedger(rows, { fisico: 20, custoMedio: 11, valor: 220 })).toEqual([]);
  });

  it('names each broken invariant', () => {
    expect(checkStockLedger(rows, { fisico: 19, custoMedio: 11, valor: 220 })).toEqual([
      { regra: 'E1', mensagem: 'saldo físico 19, Σ qtd do razão 20' },
    ]);
    const tampered = rows.map((row) => (row.id === 3 ? { ...row, custoMedioApos: 10, valorApos: 150 } : row));
    const rules = checkStockLedger(tampered, { fisico: 20, custoMedio: 11, valor: 220 }).map((d) => d.regra);
    expect(rules).toContain('E4');
    expect(rules).toContain('E2');
    const skipped = rows.map((row) => (row.id === 2 ? { ...row, qtdApos: 21 } : row));
    expect(checkStockLedger(skipped, { fisico: 20, custoMedio: 11, valor: 220 })[0]).toMatchObject({
      regra: 'E3',
      movimentacaoId: 2,
    });
  });

  it('checks that a transfer conserves quantity and value in exactly two rows (E7)', () => {
    expect(
      checkTransferRows([
        { qtd: -2, difValor: -7.5 },
        { qtd: 2, difValor: 7.5 },
      ]),
    ).toEqual([]);
    expect(
      checkTransferRows([
        { qtd: -2, difValor: -7.5 },
        { qtd: 2, difValor: 7.49 },
      ]),
    ).toHaveLength(1);
    expect(checkTransferRows([{ qtd: -2, difValor: -7.5 }]).map((d) => d.regra)).toEqual(['E7', 'E7', 'E7']);
  });
});
