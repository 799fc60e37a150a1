import { describe, expect, it } from 'vitest';
import { custoAquisicao, recuperaveisDoRegime } from './custoAquisicao.ts';

// 10 UN at 100.00 = 1,000.00; freight 50; IPI 100 (10 %); ST 30; ICMS 120 (12 %); PIS 16.50; COFINS 76.
const compra = {
  quantidade: 10,
  valorProdutos: 1000,
  frete: 50,
  ipi: 100,
  icmsSt: 30,
  icms: 120,
  pis: 16.5,
  cofins: 76,
};

describe('custoAquisicao (CPC 16)', () => {
  it('Simples Nacional: no credit, every tax and the freight go into the cost', () => {
    const custo = custoAquisicao(compra, recuperaveisDoRegime('simples'));
    expect(custo.custoTotal).toBe(1180);
    expect(custo.custoUnitario).toBe(118);
    expect(custo.creditos).toEqual({ icms: 0, pis: 0, cofins: 0, ipi: 0 });
  });

  it('lucro presumido: ICMS recovered (out), cumulative PIS/COFINS stay in', () => {
    const custo = custoAquisicao(compra, recuperaveisDoRegime('presumido'));
    expect(custo.custoTotal).toBe(1060);
    expect(custo.creditos.icms).toBe(120);
  });

  it('lucro real: ICMS, PIS and COFINS recovered; IPI in unless the empresa is an IPI taxpayer', () => {
    expect(custoAquisicao(compra, recuperaveisDoRegime('real')).custoTotal).toBe(967.5);
    const industria = custoAquisicao(compra, recuperaveisDoRegime('real', { ipi: true }));
    expect(industria.custoTotal).toBe(867.5);
    expect(industria.custoUnitario).toBe(86.75);
    expect(industria.creditos).toEqual({ icms: 120, pis: 16.5, cofins: 76, ipi: 100 });
  });

  it('ST is never credited; discounts reduce and insurance/other expenses add', () => {
    const custo = custoAquisicao(
      { quantidade: 3, valorProdutos: 100, desconto: 10, seguro: 1, outrasDespesas: 2, icmsSt: 7 },
      recuperaveisDoRegime('real', { ipi: true }),
    );
    expect(custo.custoTotal).toBe(100);
    expect(custo.custoUnitario).toBe(33.333333);
  });

  it('refuses a quantity of zero and negative values', () => {
    expect(() => custoAquisicao({ ...compra, quantidade: 0 }, recuperaveisDoRegime('simples'))).toThrow(
      RangeError,
    );
    expect(() => custoAquisicao({ ...compra, frete: -1 }, recuperaveisDoRegime('simples'))).toThrow(
      RangeError,
    );
  });
});
