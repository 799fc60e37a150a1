import { describe, expect, it } from 'vitest';
import { evaluateFormula, type FormulaScope } from './evaluateFormula.ts';
import { FormulaError, formulaReferences, parseFormula } from './parseFormula.ts';

const scope = (
  fields: Record<string, unknown>,
  items: Record<string, Array<Record<string, unknown>>> = {},
): FormulaScope => ({
  field: (name) => fields[name],
  items: (collection) => items[collection] ?? [],
});
const run = (source: string, fields: Record<string, unknown> = {}, items = {}) =>
  evaluateFormula(parseFormula(source), scope(fields, items));

describe('formula language', () => {
  it('computes item and document totals with precedence, rounding and sums', () => {
    expect(
      run('round(quantidade * valorUnitario - desconto, 2)', {
        quantidade: 3,
        valorUnitario: 3.335,
        desconto: 0.5,
      }),
    ).toBe(9.51);
    expect(run('2 + 3 * 4')).toBe(14);
    expect(run('(2 + 3) * 4')).toBe(20);
    expect(run('-quantidade + 1', { quantidade: 3 })).toBe(-2);
    expect(run('round(1.005, 2)')).toBe(1.01);
    const itens = { itens: [{ valorTotal: 10.1 }, { valorTotal: 0.2 }, { valorTotal: null }] };
    expect(
      run('round(sum(itens.valorTotal) + frete - desconto, 2)', { frete: 5, desconto: '1.30' }, itens),
    ).toBe(14);
    expect(run('max(0, min(10, 15))')).toBe(10);
    expect(run('abs(-2.5)')).toBe(2.5);
  });

  it('treats empty fields as 0 and a division by zero as 0', () => {
    expect(run('a * b + c', { a: null, b: 2, c: undefined })).toBe(0);
    expect(run('10 / quantidade', { quantidade: 0 })).toBe(0);
  });

  it('lists what a formula reads, for schema validation', () => {
    expect(formulaReferences(parseFormula('round(q * v, 2) + sum(itens.valorTotal)'))).toEqual({
      fields: ['q', 'v'],
      sums: [['itens', 'valorTotal']],
    });
  });

  it('refuses anything outside the language with a pt-BR reason', () => {
    for (const [source, reason] of [
      ['constructor.constructor(1)', /função desconhecida: constructor.constructor/],
      ['itens.valorTotal * 2', /só pode ser usado dentro de sum/],
      ['"x"', /caractere inesperado na posição 1/],
      ['process(1)', /função desconhecida: process/],
      ['a; b', /caractere inesperado na posição 2/],
      ['(1 + 2', /esperado "\)"/],
      ['1 +', /fórmula incompleta/],
      ['1 2', /símbolo inesperado: "2"/],
      ['round()', /número de argumentos/],
      [`${'('.repeat(40)}1${')'.repeat(40)}`, /aninhada demais/],
      ['1+'.repeat(300), /longa demais/],
    ] as const)
      expect(() => parseFormula(source), source).toThrow(reason);
    expect(() => parseFormula('x')).not.toThrow(FormulaError);
  });
});
