import { describe, expect, it } from 'vitest';
import { normalizeCpfCnpj } from './normalizeCpfCnpj.ts';

describe('normalizeCpfCnpj', () => {
  it('strips CPF and CNPJ masks', () => {
    expect(normalizeCpfCnpj('529.982.247-25')).toBe('52998224725');
    expect(normalizeCpfCnpj(' 11.222.333/0001-81 ')).toBe('11222333000181');
  });

  it('upper-cases alphanumeric CNPJs', () => {
    expect(normalizeCpfCnpj('12.abc.345/01de-35')).toBe('12ABC34501DE35');
  });

  it('turns null and undefined into an empty string', () => {
    expect(normalizeCpfCnpj(null)).toBe('');
    expect(normalizeCpfCnpj(undefined)).toBe('');
  });
});
