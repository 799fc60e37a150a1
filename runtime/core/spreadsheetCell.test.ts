import { describe, expect, it } from 'vitest';
import { csvCell, neutralizeFormula } from './spreadsheetCell.ts';

describe('neutralizeFormula', () => {
  it.each([
    ['=HYPERLINK("http://x","clique")', `'=HYPERLINK("http://x","clique")`],
    ['+cmd|" /C calc"!A0', `'+cmd|" /C calc"!A0`],
    ['-2+3+cmd|" /C calc"!A0', `'-2+3+cmd|" /C calc"!A0`],
    ['@SUM(1+1)', `'@SUM(1+1)`],
    ['\t=1+1', `'\t=1+1`],
    ['\r=1+1', `'\r=1+1`],
  ])('neutralises %j', (input, expected) => expect(neutralizeFormula(input)).toBe(expected));

  it.each(['Empresa Demonstração Ltda', '-10,00', '+5', '-1.234,56', '12.345.678/0001-95', ''])(
    'leaves %j alone',
    (input) => expect(neutralizeFormula(input)).toBe(input),
  );
});

describe('csvCell', () => {
  it('neutralises, then quotes when needed', () => {
    expect(csvCell('=1;2')).toBe(`"'=1;2"`);
    expect(csvCell('Loja "Centro"')).toBe('"Loja ""Centro"""');
    expect(csvCell('a,b', ',')).toBe('"a,b"');
    expect(csvCell('simples')).toBe('simples');
  });
});
