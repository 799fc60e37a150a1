import { describe, expect, it } from 'vitest';
import { csvField, csvTextField, escapeSpreadsheetText } from './spreadsheetCell.ts';

describe('escapeSpreadsheetText', () => {
  it('prefixes an apostrophe to text a spreadsheet would read as a formula', () => {
    for (const hostile of ['=1+1', '+55 11 9999', '-2+3', '@SUM(A1)', '\t=cmd', '\r=cmd', '=HYPERLINK("x")'])
      expect(escapeSpreadsheetText(hostile)).toBe(`'${hostile}`);
  });

  it('leaves ordinary text alone', () => {
    for (const plain of ['Empresa Exemplo', '', ' =a', "'já escapado", 'a=b', 'R$ -5,00', '12,50'])
      expect(escapeSpreadsheetText(plain)).toBe(plain);
  });
});

describe('csvField / csvTextField', () => {
  it('quotes separators, quotes and line breaks', () => {
    expect(csvField('a;b')).toBe('"a;b"');
    expect(csvField('diz "oi"')).toBe('"diz ""oi"""');
    expect(csvField('a\nb')).toBe('"a\nb"');
    expect(csvField('a,b', ',')).toBe('"a,b"');
    expect(csvField('a,b')).toBe('a,b');
    expect(csvField('-5,00')).toBe('-5,00');
  });

  it('escapes formulas in text fields, then quotes', () => {
    expect(csvTextField('=1+2;3')).toBe(`"'=1+2;3"`);
    expect(csvTextField('@x')).toBe("'@x");
    expect(csvTextField('\r=x')).toBe(`"'\r=x"`);
    expect(csvTextField('Loja')).toBe('Loja');
  });
});
