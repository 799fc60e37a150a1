import { describe, expect, it } from 'vitest';
import { CFOPS_ENTRADA_OFICIAIS, cfopEntrada, OPERACOES_ENTRADA } from './cfopEntrada.ts';

describe('cfopEntrada', () => {
  it('maps sales to purchase codes by operation, never swapping the first digit', () => {
    expect(cfopEntrada('5102')).toBe('1102');
    expect(cfopEntrada('6102')).toBe('2102');
    // A retailer buying 5101/6101 (sale of the supplier's production) buys for resale, not industrialização.
    expect(cfopEntrada('5101')).toBe('1102');
    expect(cfopEntrada('6101', 'industrializacao')).toBe('2101');
    expect(cfopEntrada('5102', 'usoConsumo')).toBe('1556');
    expect(cfopEntrada('6102', 'ativo')).toBe('2551');
  });

  it('maps ST, transfers and returns to the codes that exist (the swap gave 1405, 2107, 2108)', () => {
    expect(cfopEntrada('5405')).toBe('1403');
    expect(cfopEntrada('6405')).toBe('2403');
    expect(cfopEntrada('6107')).toBeNull();
    expect(cfopEntrada('6108')).toBeNull();
    expect(cfopEntrada('5152')).toBe('1152');
    expect(cfopEntrada('6409')).toBe('2409');
    expect(cfopEntrada('5202')).toBe('1202');
    expect(cfopEntrada('6411')).toBe('2411');
    expect(cfopEntrada('5910')).toBe('1910');
  });

  it('answers null for entry codes, unknown codes and operations abroad without a code', () => {
    expect(cfopEntrada('1102')).toBeNull();
    expect(cfopEntrada('5933')).toBeNull();
    expect(cfopEntrada('7102')).toBe('3102');
    expect(cfopEntrada('7405')).toBeNull();
    expect(cfopEntrada('abc')).toBeNull();
  });

  it('only ever answers codes of the official entry table', () => {
    for (let code = 5000; code < 8000; code++)
      for (const operacao of OPERACOES_ENTRADA) {
        const entrada = cfopEntrada(String(code), operacao);
        if (entrada !== null) expect(CFOPS_ENTRADA_OFICIAIS).toHaveProperty(entrada);
      }
  });
});
