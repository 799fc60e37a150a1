import { describe, expect, it } from 'vitest';
import { isValidCpf } from './isValidCpf.ts';

describe('isValidCpf', () => {
  it.each(['529.982.247-25', '52998224725', '111.444.777-35', '123.456.789-09'])('accepts %s', (cpf) => {
    expect(isValidCpf(cpf)).toBe(true);
  });

  it.each([
    ['first check digit wrong', '529.982.247-35'],
    ['second check digit wrong', '529.982.247-24'],
    ['swapped digits', '259.982.247-25'],
  ])('rejects a CPF with the %s', (_case, cpf) => {
    expect(isValidCpf(cpf)).toBe(false);
  });

  it('rejects all-equal digits, including all zeros (they pass the mod-11 arithmetic)', () => {
    for (const d of '0123456789') expect(isValidCpf(d.repeat(11))).toBe(false);
  });

  it.each(['5299822472', '529982247250', '', '5299822472A'])('rejects the wrong shape %j', (cpf) => {
    expect(isValidCpf(cpf)).toBe(false);
  });

  it('rejects null and undefined', () => {
    expect(isValidCpf(null)).toBe(false);
    expect(isValidCpf(undefined)).toBe(false);
  });
});
