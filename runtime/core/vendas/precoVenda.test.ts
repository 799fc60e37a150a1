import { describe, expect, it } from 'vitest';
import { percentualDesconto, precoComPromocao } from './precoVenda.ts';

describe('precoComPromocao', () => {
  const promocoes = [
    { inicio: '2026-03-01', fim: '2026-03-31', percentualDesconto: 10 },
    { inicio: '2026-03-01', fim: '2026-03-31', percentualDesconto: 20, quantidadeMinima: 12 },
    { inicio: '2026-04-01', fim: '2026-04-30', percentualDesconto: 50 },
    { inicio: '2026-03-01', fim: '2026-03-31', percentualDesconto: 90, ativo: false },
  ];
  it('applies the largest promoção valid on the date and reached by the quantity', () => {
    expect(precoComPromocao(10, 1, '2026-03-15', promocoes)).toEqual({ preco: 9, percentual: 10 });
    expect(precoComPromocao(10, 12, '2026-03-31', promocoes)).toEqual({ preco: 8, percentual: 20 });
    expect(precoComPromocao(10, 12, '2026-04-01', promocoes)).toEqual({ preco: 5, percentual: 50 });
    expect(precoComPromocao(10, 100, '2026-02-28', promocoes)).toEqual({ preco: 10, percentual: 0 });
    expect(precoComPromocao(3.35, 1, '2026-03-02', promocoes).preco).toBe(3.02);
  });
});

describe('percentualDesconto', () => {
  it('is the share below the reference prices, header discount included, never negative', () => {
    expect(percentualDesconto([{ precoReferencia: 10, quantidade: 10 }], 90, 0)).toBe(10);
    expect(percentualDesconto([{ precoReferencia: 10, quantidade: 10 }], 100, 15)).toBe(15);
    expect(percentualDesconto([{ precoReferencia: 10, quantidade: 3 }], 30, 1)).toBe(3.33);
    expect(percentualDesconto([{ precoReferencia: 10, quantidade: 1 }], 12, 0)).toBe(0);
    expect(percentualDesconto([], 12, 5)).toBe(0);
  });
});
