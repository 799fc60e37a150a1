import { describe, expect, it } from 'vitest';
import { faltamCaracteres } from './faltamCaracteres.ts';

describe('faltamCaracteres', () => {
  it('counts what the trimmed text lacks', () => {
    expect(faltamCaracteres('', 15)).toBe('Faltam 15 caracteres.');
    expect(faltamCaracteres('  abcdefghijklmn  ', 15)).toBe('Falta 1 caractere.');
    expect(faltamCaracteres('abcdefghijklmno', 15)).toBe('');
    expect(faltamCaracteres('')).toBe('');
  });
});
