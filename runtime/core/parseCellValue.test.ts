import { describe, expect, it } from 'vitest';
import { parseBrazilianNumber, parseCellValue } from './parseCellValue.ts';

describe('parseBrazilianNumber', () => {
  it('reads Brazilian and plain notations', () => {
    expect(parseBrazilianNumber('1.234,56')).toBe(1234.56);
    expect(parseBrazilianNumber('R$ 10,5')).toBe(10.5);
    expect(parseBrazilianNumber('15%')).toBe(15);
    expect(parseBrazilianNumber('1234.56')).toBe(1234.56);
    expect(parseBrazilianNumber('1.234.567')).toBe(1234567);
    expect(parseBrazilianNumber('12,34,5')).toBeNull();
    expect(parseBrazilianNumber('abc')).toBeNull();
  });
});

describe('parseCellValue', () => {
  const label = 'Campo';
  it('converts by field type', () => {
    expect(parseCellValue('', { type: 'money', label })).toEqual({ value: undefined });
    expect(parseCellValue('9,90', { type: 'money', label })).toEqual({ value: 9.9 });
    expect(parseCellValue('3', { type: 'integer', label })).toEqual({ value: 3 });
    expect(parseCellValue('Não', { type: 'boolean', label })).toEqual({ value: false });
    expect(parseCellValue('31/12/2025', { type: 'date', label })).toEqual({ value: '2025-12-31' });
    const options = [{ code: 0, label: 'Mercadoria para revenda', key: 'MERCADORIA' }];
    expect(parseCellValue('mercadoria para revenda', { type: 'enum', label, options })).toEqual({ value: 0 });
    expect(parseCellValue(' Café ', { type: 'string', label })).toEqual({ value: 'Café' });
  });

  it('names the field and the text it could not read', () => {
    expect(parseCellValue('dez', { type: 'money', label: 'Custo' })).toEqual({
      erro: 'Custo: número inválido ("dez")',
    });
    expect(parseCellValue('2,5', { type: 'integer', label: 'Colunas' })).toMatchObject({
      erro: expect.stringContaining('inteiro'),
    });
    expect(parseCellValue('talvez', { type: 'boolean', label: 'Ativo' })).toMatchObject({
      erro: expect.stringContaining('Sim ou Não'),
    });
  });
});
