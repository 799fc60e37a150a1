import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BaixaInvalidaError, conferirBaixa, emCentavos, situacaoTitulo, totalBaixa } from './titulos.ts';

describe('baixa rules (flows.md §2, §6 item 5)', () => {
  it('40 principal + 2 juros → total 42; a later 61 against 60 open is refused with both amounts', () => {
    expect(conferirBaixa({ principal: 4000, juros: 200, multa: 0, desconto: 0 }, 10_000)).toBe(4200);
    expect(() => conferirBaixa({ principal: 6100, juros: 0, multa: 0, desconto: 0 }, 6000)).toThrow(
      'O valor da baixa (R$ 61,00) é maior que o valor em aberto (R$ 60,00)',
    );
  });

  it('refuses a zero principal, negative amounts and a desconto above principal + juros + multa', () => {
    const refuse = (valores: Parameters<typeof conferirBaixa>[0]) => {
      try {
        conferirBaixa(valores, 10_000);
      } catch (error) {
        return (error as BaixaInvalidaError).campo;
      }
      return null;
    };
    expect(refuse({ principal: 0, juros: 0, multa: 0, desconto: 0 })).toBe('principal');
    expect(refuse({ principal: 100, juros: -1, multa: 0, desconto: 0 })).toBe('juros');
    expect(refuse({ principal: 100, juros: 10, multa: 5, desconto: 116 })).toBe('desconto');
    expect(refuse({ principal: 100, juros: 10, multa: 5, desconto: 115 })).toBeNull();
  });

  it('property: F1 a sequence of accepted baixas never pays more than the value; F2 and F8 hold', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.array(
          fc.record({
            principal: fc.integer({ min: 1, max: 400_000 }),
            juros: fc.integer({ min: 0, max: 5000 }),
            multa: fc.integer({ min: 0, max: 5000 }),
            desconto: fc.integer({ min: 0, max: 5000 }),
          }),
          { maxLength: 12 },
        ),
        (valor, tentativas) => {
          let pago = 0;
          for (const valores of tentativas) {
            try {
              const total = conferirBaixa(valores, valor - pago);
              expect(total).toBe(totalBaixa(valores));
              expect(total).toBeGreaterThanOrEqual(0);
              pago += valores.principal;
            } catch (error) {
              expect(error).toBeInstanceOf(BaixaInvalidaError);
              expect(
                valores.principal > valor - pago ||
                  valores.principal + valores.juros + valores.multa < valores.desconto,
              ).toBe(true);
            }
            expect(pago).toBeLessThanOrEqual(valor);
            const situacao = situacaoTitulo(valor, pago);
            expect(situacao).toBe(pago === valor ? 1 : pago > 0 ? 2 : 0);
          }
        },
      ),
    );
  });

  it('cancelled is its own state; cents tolerate binary fractions', () => {
    expect(situacaoTitulo(100, 0, true)).toBe(3);
    expect(emCentavos(0.07)).toBe(true);
    expect(emCentavos(1234.56)).toBe(true);
    expect(emCentavos(0.001)).toBe(false);
  });
});
