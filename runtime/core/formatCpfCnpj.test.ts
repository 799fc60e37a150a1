import { describe, expect, it } from 'vitest';
import { formatCpfCnpj } from './formatCpfCnpj.ts';

describe('formatCpfCnpj', () => {
  it('masks a CPF', () => {
    expect(formatCpfCnpj('52998224725')).toBe('529.982.247-25');
  });

  it('masks a numeric CNPJ', () => {
    expect(formatCpfCnpj('11222333000181')).toBe('11.222.333/0001-81');
  });

  it('masks an alphanumeric CNPJ, upper-cased', () => {
    expect(formatCpfCnpj('12abc34501de35')).toBe('12.ABC.345/01DE-35');
  });

  it('re-masks a value with a wrong mask', () => {
    expect(formatCpfCnpj('529-982-247.25')).toBe('529.982.247-25');
  });

  it('returns other shapes trimmed and unchanged', () => {
    expect(formatCpfCnpj(' 12345 ')).toBe('12345');
    expect(formatCpfCnpj('5299822472A')).toBe('5299822472A');
    expect(formatCpfCnpj(null)).toBe('');
  });
});
