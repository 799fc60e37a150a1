import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addMonthsClamped, CondicaoInvalidaError, gerarParcelas, parseCondicao } from './parcelas.ts';

describe('gerarParcelas (flows.md F5)', () => {
  it('100 in 3 → 33.33, 33.33, 33.34, remainder on the last', () => {
    const parcelas = gerarParcelas(100, '2026-01-10', { tipo: 'meses', parcelas: 3 });
    expect(parcelas.map((p) => p.valor)).toEqual([33.33, 33.33, 33.34]);
    expect(parcelas.map((p) => p.vencimento)).toEqual(['2026-02-10', '2026-03-10', '2026-04-10']);
    expect(parcelas.map((p) => `${p.numero}/${p.totalParcelas}`)).toEqual(['1/3', '2/3', '3/3']);
  });

  it('January 31 + 1 month → end of February (leap and common years), and back to the 31st later', () => {
    expect(addMonthsClamped('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonthsClamped('2028-01-31', 1)).toBe('2028-02-29');
    const parcelas = gerarParcelas(90, '2026-01-31', { tipo: 'meses', parcelas: 3 });
    expect(parcelas.map((p) => p.vencimento)).toEqual(['2026-02-28', '2026-03-31', '2026-04-30']);
    expect(addMonthsClamped('2026-11-30', 3)).toBe('2027-02-28');
  });

  it('days: 30/60/90 after the emission; à vista is one parcela on the emission date', () => {
    const parcelas = gerarParcelas(10, '2026-01-31', parseCondicao('30/60/90'));
    expect(parcelas.map((p) => p.vencimento)).toEqual(['2026-03-02', '2026-04-01', '2026-05-01']);
    expect(parcelas.map((p) => p.valor)).toEqual([3.33, 3.33, 3.34]);
    expect(gerarParcelas(55.5, '2026-03-01', parseCondicao('à vista'))).toEqual([
      { numero: 1, totalParcelas: 1, vencimento: '2026-03-01', valor: 55.5 },
    ]);
    expect(parseCondicao('3x')).toEqual({ tipo: 'meses', parcelas: 3 });
  });

  it('refuses bad conditions with a pt-BR message', () => {
    expect(() => parseCondicao('trinta dias')).toThrow(CondicaoInvalidaError);
    expect(() => parseCondicao('trinta dias')).toThrow(/Condição de pagamento inválida/);
    expect(() => gerarParcelas(0, '2026-01-01', { tipo: 'dias', dias: [0] })).toThrow(/maior que zero/);
    expect(() => gerarParcelas(0.02, '2026-01-01', { tipo: 'meses', parcelas: 3 })).toThrow(
      /não pode ser dividido/,
    );
    expect(() => gerarParcelas(10, '2026-01-01', { tipo: 'dias', dias: [60, 30] })).toThrow(
      /ordem crescente/,
    );
  });

  it('property: parcelas sum exactly to the total, differ by at most the remainder, dates never decrease', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.integer({ min: 1, max: 48 }),
        fc.date({ min: new Date('2000-01-01'), max: new Date('2090-12-31'), noInvalidDate: true }),
        (cents, n, date) => {
          fc.pre(cents >= n);
          const emissao = date.toISOString().slice(0, 10);
          const parcelas = gerarParcelas(cents / 100, emissao, { tipo: 'meses', parcelas: n });
          const centavos = parcelas.map((p) => Math.round(p.valor * 100));
          expect(centavos.reduce((acc, value) => acc + value, 0)).toBe(cents);
          const [primeira = 0] = centavos;
          const ultima = centavos[n - 1] ?? 0;
          expect(centavos.slice(0, -1).every((value) => value === primeira)).toBe(true);
          const datas = parcelas.map((p) => p.vencimento);
          expect(datas.every((data, i) => i === 0 || data >= (datas[i - 1] as string))).toBe(true);
          expect(ultima - primeira).toBeLessThan(n);
          expect(ultima).toBeGreaterThanOrEqual(primeira);
        },
      ),
    );
  });
});
