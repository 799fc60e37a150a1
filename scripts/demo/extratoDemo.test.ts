import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { decodeOfx, parseOfx } from '../../runtime/core/parseOfx.ts';
import { EXTRATO_DEMO_LINHAS, extratoDemoOfx } from './extratoDemo.ts';

describe('extrato de demonstração', () => {
  it('parses into the documented lines, the balance closing from the opening balance', () => {
    const statement = parseOfx(decodeOfx(extratoDemoOfx('2026-02', 10000)));
    expect(statement).toMatchObject({
      banco: '001',
      conta: '98765-0',
      inicio: '2026-02-01',
      fim: '2026-02-28',
    });
    const linhas = statement.transacoes.filter((line) => line.informativo === null);
    expect(linhas).toHaveLength(EXTRATO_DEMO_LINHAS.length - 1);
    expect(new Set(linhas.map((line) => line.chave)).size).toBe(linhas.length);
    expect(linhas.map((line) => [line.data, line.valor])).toContainEqual(['2026-02-16', -191]);
    expect(statement.transacoes.find((line) => line.valor === -39.9)?.memo).toBe('TARIFA PACOTE DE SERVIÇOS');
    const soma = linhas.reduce((sum, line) => sum + line.valor, 0);
    expect(statement.saldo).toBeCloseTo(10000 + soma, 2);
  });

  it('scripts/demo/extrato-demo.ofx is the sample of October 2026 opening at R$ 10.000,00', () => {
    const file = readFileSync(new URL('./extrato-demo.ofx', import.meta.url));
    expect(file.equals(extratoDemoOfx('2026-10', 10000))).toBe(true);
  });
});
