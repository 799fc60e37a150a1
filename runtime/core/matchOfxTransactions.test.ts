import { describe, expect, it } from 'vitest';
import { matchOfxTransactions } from './matchOfxTransactions.ts';

const lancamentos = [
  { id: 1, tipo: 1, saldo: 1500, dataVencimento: '2025-01-04' },
  { id: 2, tipo: 2, saldo: 89.9, dataVencimento: '2025-01-10' },
  { id: 3, tipo: 2, saldo: 89.9, dataVencimento: '2025-02-10' },
  { id: 4, tipo: 2, saldo: 200, dataVencimento: '2025-01-01' },
  { id: 5, tipo: 2, saldo: 200, dataVencimento: '2025-01-03' },
];

describe('matchOfxTransactions', () => {
  it('matches credits to receitas and debits to despesas by value and nearby due date', () => {
    const result = matchOfxTransactions(
      [
        { fitId: 'a', data: '2025-01-05', valor: 1500 },
        { fitId: 'b', data: '2025-01-11', valor: -89.9 },
        { fitId: 'c', data: '2025-01-05', valor: -1500 },
      ],
      lancamentos,
    );
    expect(result.get('a')).toEqual({ candidatos: [1], sugerido: 1 });
    expect(result.get('b')).toEqual({ candidatos: [2], sugerido: 2 });
    expect(result.get('c')).toEqual({ candidatos: [], sugerido: null });
  });

  it('gives each entry to one line only, nearest due date first', () => {
    const result = matchOfxTransactions(
      [
        { fitId: 'x', data: '2025-01-02', valor: -200 },
        { fitId: 'y', data: '2025-01-04', valor: -200 },
      ],
      lancamentos,
    );
    // x (02/01) is 1 day from both 4 and 5 and takes the lower id; y takes what is left.
    expect(result.get('x')).toEqual({ candidatos: [4, 5], sugerido: 4 });
    expect(result.get('y')).toEqual({ candidatos: [5, 4], sugerido: 5 });
  });

  it('leaves entries outside the date window out', () => {
    const result = matchOfxTransactions([{ fitId: 'z', data: '2025-01-25', valor: -89.9 }], lancamentos, 7);
    expect(result.get('z')).toEqual({ candidatos: [], sugerido: null });
  });
});
