import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { problemaRateio, ratear } from './rateio.ts';

describe('rateio por centro de custo (flows.md F6)', () => {
  it('100.00 in thirds → 33.33, 33.33, 33.34; percentuais must sum to exactly 100', () => {
    expect(ratear(10_000, [33.3333, 33.3333, 33.3334])).toEqual([3333, 3333, 3334]);
    expect(problemaRateio([33.3333, 33.3333, 33.3334])).toBeNull();
    expect(problemaRateio([50, 49.99])).toBe(
      'Os percentuais do rateio somam 99,99 %: devem somar exatamente 100 %.',
    );
    expect(problemaRateio([100, 0])).toMatch(/maior que zero/);
    expect(problemaRateio([])).toBeNull();
  });

  it('property: values sum to the total and each stays within a cent of its share', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100_000_000 }),
        fc.array(fc.integer({ min: 1, max: 1_000_000 }), { minLength: 1, maxLength: 8 }),
        (total, pesos) => {
          // Percentuais in ten-thousandths summing to exactly 100 %.
          const soma = pesos.reduce((a, b) => a + b, 0);
          const partes = pesos.map((p) => Math.floor((p * 1_000_000) / soma));
          partes[partes.length - 1] = 1_000_000 - partes.slice(0, -1).reduce((a, b) => a + b, 0);
          fc.pre(partes.every((p) => p > 0));
          const percentuais = partes.map((p) => p / 10_000);
          expect(problemaRateio(percentuais)).toBeNull();
          const valores = ratear(total, percentuais);
          expect(valores.reduce((a, b) => a + b, 0)).toBe(total);
          valores.slice(0, -1).forEach((v, i) => {
            expect(Math.abs(v - (total * (partes[i] as number)) / 1_000_000)).toBeLessThanOrEqual(0.5);
          });
        },
      ),
    );
  });
});
