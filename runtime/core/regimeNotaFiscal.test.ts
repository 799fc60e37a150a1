import { describe, expect, it } from 'vitest';
import { REGIME_NOTA_FISCAL, REGIME_TRIBUTARIO, regimeNotaFiscal } from './regimeNotaFiscal.ts';

describe('regimeNotaFiscal', () => {
  it.each([
    ['SIMPLES_NACIONAL', REGIME_TRIBUTARIO.SIMPLES_NACIONAL, 1],
    ['SIMPLES_NACIONAL_COM_EXCESSO_RECEITA', REGIME_TRIBUTARIO.SIMPLES_NACIONAL_COM_EXCESSO_RECEITA, 2],
    ['LUCRO_REAL', REGIME_TRIBUTARIO.LUCRO_REAL, 3],
    ['LUCRO_PRESUMIDO', REGIME_TRIBUTARIO.LUCRO_PRESUMIDO, 3],
    ['MEI', REGIME_TRIBUTARIO.MEI, 4],
    ['NENHUM', REGIME_TRIBUTARIO.NENHUM, 3],
  ])('maps %s to %d', (_name, regime, expected) => {
    expect(regimeNotaFiscal(regime)).toBe(expected);
  });

  it('uses the spec codes', () => {
    expect(REGIME_TRIBUTARIO.SIMPLES_NACIONAL_COM_EXCESSO_RECEITA).toBe(4);
    expect(REGIME_TRIBUTARIO.MEI).toBe(5);
    expect(REGIME_NOTA_FISCAL.NORMAL).toBe(3);
  });

  it('treats a missing value as lucro real (NORMAL)', () => {
    expect(regimeNotaFiscal(null)).toBe(REGIME_NOTA_FISCAL.NORMAL);
    expect(regimeNotaFiscal(undefined)).toBe(REGIME_NOTA_FISCAL.NORMAL);
  });

  it('treats an unknown code as lucro real (NORMAL)', () => {
    expect(regimeNotaFiscal(42)).toBe(REGIME_NOTA_FISCAL.NORMAL);
  });
});
