import { describe, expect, it } from 'vitest';
import { isValidCpfCnpj } from './isValidCpfCnpj.ts';

describe('isValidCpfCnpj', () => {
  it('validates 11 characters as a CPF', () => {
    expect(isValidCpfCnpj('529.982.247-25')).toBe(true);
    expect(isValidCpfCnpj('529.982.247-26')).toBe(false);
  });

  it('validates 14 characters as a CNPJ, numeric or alphanumeric', () => {
    expect(isValidCpfCnpj('11.222.333/0001-81')).toBe(true);
    expect(isValidCpfCnpj('12.ABC.345/01DE-35')).toBe(true);
    expect(isValidCpfCnpj('11.222.333/0001-82')).toBe(false);
  });

  it('does not accept a CPF-length value with letters', () => {
    expect(isValidCpfCnpj('5299822472A')).toBe(false);
  });

  it.each(['', '123', '123456789012', '1234567890123456'])('rejects the length of %j', (value) => {
    expect(isValidCpfCnpj(value)).toBe(false);
  });

  it('rejects null', () => {
    expect(isValidCpfCnpj(null)).toBe(false);
  });
});
