import { describe, expect, it } from 'vitest';
import { formatBRL } from '../../../core/formatMoney.ts';
import { fillFormatted, formulaText } from './fillFormatted.ts';

describe('fillFormatted', () => {
  it('fills plain and formatted placeholders, a missing value as empty', () => {
    const row = { boleto: { valor: 150, dataVencimento: '2025-01-10' }, codigo: '06', nada: null };
    expect(fillFormatted('venc. {boleto.dataVencimento|date} · {boleto.valor|money}', row)).toBe(
      `venc. 10/01/2025 · ${formatBRL(150)}`,
    );
    expect(fillFormatted('{codigo} — {nada}{falta}', row)).toBe('06 — ');
    expect(fillFormatted('{codigo|semFormato}', row)).toBe('06');
  });

  it('writes the text after "?" for a missing value, and the value when there is one', () => {
    const row = { custo: null, preco: 2.5, serie: 1 };
    expect(fillFormatted('{custo|money?—} → {preco|money?—}', row)).toBe(`— → ${formatBRL(2.5)}`);
    expect(fillFormatted('nº {numero?—} série {serie?—}', row)).toBe('nº — série 1');
  });
});

describe('formulaText', () => {
  const valor = {
    if: { scope: '#/properties/valor', schema: { exclusiveMinimum: 0 } },
    // biome-ignore lint/suspicious/noThenProperty: the declared formula shape
    then: '{valor|money}',
    else: '—',
  };
  it('fills the chosen fixed text from the row; a field stays as read', () => {
    expect(formulaText(valor, { valor: 2.5 })).toBe(formatBRL(2.5));
    expect(formulaText(valor, { valor: 0 })).toBe('—');
    expect(formulaText({ field: 'aviso' }, { aviso: '{x}' })).toBe('{x}');
    expect(formulaText({ field: 'aviso' }, { aviso: null })).toBe('');
  });
});
