import { describe, expect, it } from 'vitest';
import { columnTotal, computeRow, fillEmpty, renumber } from './childRows.ts';

describe('childRows', () => {
  it('numbers items 1..n in table order', () => {
    expect(renumber([{ numeroItem: 3 }, {}, { numeroItem: 1 }], 'numeroItem')).toEqual([
      { numeroItem: 1 },
      { numeroItem: 2 },
      { numeroItem: 3 },
    ]);
  });

  it('computes a product rounded to cents, only when every factor is filled', () => {
    const rule = { valorTotal: { multiply: ['quantidade', 'valorUnitario'] } };
    expect(computeRow({ quantidade: 3.5, valorUnitario: 0.333 }, rule).valorTotal).toBe(1.17);
    expect(computeRow({ quantidade: 2 }, rule).valorTotal).toBeUndefined();
    // A factor emptied after the product was computed clears it (the server's formula would refuse it).
    expect(
      computeRow({ quantidade: 6, valorUnitario: undefined, valorTotal: 90 }, rule).valorTotal,
    ).toBeNull();
  });

  it('fills only empty fields from the chosen record and sums in cents', () => {
    const row = fillEmpty(
      { descricao: 'Minha', unidade: '' },
      { descricao: 'descricao', unidade: 'unidade' },
      {
        descricao: 'Do produto',
        unidade: 'CX',
      },
    );
    expect(row).toEqual({ descricao: 'Minha', unidade: 'CX' });
    expect(columnTotal([{ v: 0.1 }, { v: 0.2 }, { v: null }], 'v')).toBe(0.3);
  });
});
