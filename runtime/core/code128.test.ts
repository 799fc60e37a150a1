import { describe, expect, it } from 'vitest';
import { CODE128_WIDTHS, code128Values, encodeCode128 } from './code128.ts';

describe('Code 128', () => {
  it('has a well-formed width table: 11 modules per symbol (13 for stop), even bar modules', () => {
    expect(CODE128_WIDTHS).toHaveLength(107);
    for (const [value, widths] of CODE128_WIDTHS.entries()) {
      const numbers = [...widths].map(Number);
      expect(numbers.reduce((a, b) => a + b, 0)).toBe(value === 106 ? 13 : 11);
      const bars = numbers.filter((_, index) => index % 2 === 0).reduce((a, b) => a + b, 0);
      if (value !== 106) expect(bars % 2).toBe(0);
    }
    expect(new Set(CODE128_WIDTHS).size).toBe(107);
  });

  it('encodes PJJ123C in code set B with the mod-103 check symbol', () => {
    // 104 + 48·1 + 42·2 + 42·3 + 17·4 + 18·5 + 19·6 + 35·7 = 879 ≡ 55 (mod 103)
    expect(code128Values('PJJ123C')).toEqual([104, 48, 42, 42, 17, 18, 19, 35, 55, 106]);
  });

  it('packs an even run of digits in code set C', () => {
    // 105 + 12·1 + 34·2 + 56·3 = 353 ≡ 44 (mod 103)
    expect(code128Values('123456')).toEqual([105, 12, 34, 56, 44, 106]);
    expect(code128Values('123')[0]).toBe(104);
  });

  it('a DANFE chave de acesso (44 digits) goes in code set C: 22 pairs, check symbol, 277 modules', () => {
    // MOC 4.00 example chave; 105 + 33·1 + 15·2 + 3·3 + 8·4 + … + 75·22 = 6804 ≡ 6 (mod 103)
    const chave = '33150308370779000149550010001100931002410775';
    const values = code128Values(chave);
    expect(values).toEqual([
      105, 33, 15, 3, 8, 37, 7, 79, 0, 1, 49, 55, 0, 10, 0, 11, 0, 93, 10, 2, 41, 7, 75, 6, 106,
    ]);
    const modules = encodeCode128(chave);
    expect(modules).toHaveLength(24 * 11 + 13);
    // Start C 211232 = 11010011100, then "33" (value 33, 111323) = 10100011000.
    expect(modules.slice(0, 22)).toBe('1101001110010100011000');
    expect(modules.slice(-13)).toBe('1100011101011');
  });

  it('a chave with an alphanumeric CNPJ: set C for the digit runs, set A for the letters (NT Conjunta 2025.001)', () => {
    const chave = '35261112ABC34501DE35550010000013011395434650';
    // Start C, 35 26 11 12, CODE A, A B C 3 4 5 0 1 D E (ASCII − 32), CODE C, 13 pairs, check 49, stop.
    expect(code128Values(chave, { conjuntoTexto: 'A' })).toEqual([
      105, 35, 26, 11, 12, 101, 33, 34, 35, 19, 20, 21, 16, 17, 36, 37, 99, 35, 55, 0, 10, 0, 0, 13, 1, 13,
      95, 43, 46, 50, 49, 106,
    ]);
    // 31 symbols of 11 modules and the stop: 354 modules, against 541 all in set B.
    expect(encodeCode128(chave, { conjuntoTexto: 'A' })).toHaveLength(31 * 11 + 13);
    expect(code128Values(chave, { conjuntoTexto: 'A' })[0]).toBe(105);
  });

  it('set C inside a text only for a run worth it; an odd run leaves its first digit in the text set', () => {
    // "AB" + 12345 (5 digits, not at the end: B) + "C"; "AB" + 1234567 at the end: 1 in B, CODE C, 23 45 67.
    expect(code128Values('AB12345C').slice(0, -2)).toEqual([104, 33, 34, 17, 18, 19, 20, 21, 35]);
    expect(code128Values('AB1234567').slice(0, -2)).toEqual([104, 33, 34, 17, 99, 23, 45, 67]);
    expect(() => code128Values('abc', { conjuntoTexto: 'A' })).toThrow('"a"');
  });

  it('draws start B, data, check and stop with the standard widths', () => {
    const modules = encodeCode128('A');
    // Start B 211214; "A" = value 33, 111323; check (104 + 33) mod 103 = 34, 131123; stop 2331112.
    expect(modules).toBe(['11010010000', '10100011000', '10001011000', '1100011101011'].join(''));
    expect(modules).toHaveLength(11 * 3 + 13);
  });

  it('rejects what code set B cannot carry', () => {
    expect(() => code128Values('')).toThrow('Informe');
    expect(() => code128Values('Pão')).toThrow('"ã"');
  });
});
