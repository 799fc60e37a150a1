import { describe, expect, it } from 'vitest';
import { isValidCnpj } from './isValidCnpj.ts';

describe('isValidCnpj', () => {
  it.each([
    '11.222.333/0001-81',
    '11222333000181',
    '11.444.777/0001-61',
    '00.000.000/0001-91',
    '33.000.167/0001-01',
  ])('accepts the numeric CNPJ %s', (cnpj) => {
    expect(isValidCnpj(cnpj)).toBe(true);
  });

  it('rejects wrong check digits', () => {
    expect(isValidCnpj('11.222.333/0001-80')).toBe(false);
    expect(isValidCnpj('11.222.333/0001-91')).toBe(false);
    expect(isValidCnpj('11.222.333/0002-81')).toBe(false);
  });

  it('rejects all-equal digits', () => {
    for (const d of '0123456789') expect(isValidCnpj(d.repeat(14))).toBe(false);
  });

  it.each(['1122233300018', '112223330001810', '', 'not a cnpj'])('rejects the wrong shape %j', (cnpj) => {
    expect(isValidCnpj(cnpj)).toBe(false);
  });

  describe('alphanumeric CNPJ (IN RFB 2.229/2024)', () => {
    // 12ABC34501DE: values 1,2,17,18,19,3,4,5,0,1,20,21 × weights 5,4,3,2,9,8,7,6,5,4,3,2 = 459;
    // 459 mod 11 = 8 → DV 3. With the 3 appended, weights 6..2 give 424; 424 mod 11 = 6 → DV 5.
    it('accepts the Receita example 12.ABC.345/01DE-35, masked or not', () => {
      expect(isValidCnpj('12.ABC.345/01DE-35')).toBe(true);
      expect(isValidCnpj('12ABC34501DE35')).toBe(true);
    });

    it('upper-cases lowercase input', () => {
      expect(isValidCnpj('12.abc.345/01de-35')).toBe(true);
    });

    it.each(['A1B2C3D4E5F668', 'ZZZZZZZZ000191', 'AB12CD34000184'])('accepts %s', (cnpj) => {
      expect(isValidCnpj(cnpj)).toBe(true);
    });

    it('rejects wrong check digits', () => {
      expect(isValidCnpj('12ABC34501DE36')).toBe(false);
      expect(isValidCnpj('12ABC34501DE45')).toBe(false);
      expect(isValidCnpj('12ABD34501DE35')).toBe(false);
    });

    it('rejects letters in the check-digit positions', () => {
      expect(isValidCnpj('12ABC34501DE3A')).toBe(false);
      expect(isValidCnpj('12ABC34501DEA5')).toBe(false);
    });
  });
});
