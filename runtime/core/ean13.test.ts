import { describe, expect, it } from 'vitest';
import { encodeEan13, gtinCheckDigit, isValidEan13 } from './ean13.ts';

describe('EAN-13', () => {
  it('computes GS1 check digits of known codes', () => {
    expect(gtinCheckDigit('400638133393')).toBe(1);
    expect(gtinCheckDigit('590123412345')).toBe(7);
    expect(gtinCheckDigit('789100031550')).toBe(7);
    expect(gtinCheckDigit('9638507')).toBe(4); // GTIN-8 96385074
  });

  it('validates 13-digit codes', () => {
    expect(isValidEan13('4006381333931')).toBe(true);
    expect(isValidEan13('4006381333932')).toBe(false);
    expect(isValidEan13('400638133393')).toBe(false);
  });

  it('encodes 5901234123457 with parity LGGLLG, centre and right guards (GS1 tables)', () => {
    const { modules, digits } = encodeEan13('5901234123457');
    expect(digits).toBe('5901234123457');
    expect(modules).toHaveLength(95);
    const left = ['0001011', '0100111', '0110011', '0010011', '0111101', '0011101'];
    const right = ['1100110', '1101100', '1000010', '1011100', '1001110', '1000100'];
    expect(modules).toBe(`101${left.join('')}01010${right.join('')}101`);
  });

  it('appends the check digit to 12 digits and rejects a wrong one', () => {
    expect(encodeEan13('400638133393').digits).toBe('4006381333931');
    expect(() => encodeEan13('4006381333932')).toThrow('dígito verificador');
    expect(() => encodeEan13('12ab')).toThrow('12 ou 13 dígitos');
  });
});
