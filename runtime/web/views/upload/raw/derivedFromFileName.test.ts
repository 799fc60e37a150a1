import { describe, expect, it } from 'vitest';
import type { UploadScreen } from '../uploadTypes.ts';
import { derivedFromFileName } from './derivedFromFileName.ts';

const file = {
  accept: '.csv',
  maxBytes: 10,
  label: 'Escolher arquivo',
  inputLabel: 'Arquivo CSV',
  content: 'arquivo',
  derive: { uf: { pattern: 'IBPTax([A-Z]{2})', upper: true } },
} as UploadScreen['file'];
const schema = { properties: { uf: { oneOf: [{ const: 'SP' }, { const: 'RJ' }] } } };

describe('derivedFromFileName', () => {
  it('reads a parameter from the file name, upper-cased, when it is one of its options', () => {
    expect(derivedFromFileName(file, 'TabelaIBPTaxSP26.1.A.csv', schema)).toEqual({ uf: 'SP' });
    expect(derivedFromFileName(file, 'tabelaibptaxrj26.1.a.csv', schema)).toEqual({ uf: 'RJ' });
  });

  it('leaves it alone when the name does not carry it or carries a value that is no option', () => {
    expect(derivedFromFileName(file, 'aliquotas.csv', schema)).toEqual({});
    expect(derivedFromFileName(file, 'TabelaIBPTaxEX26.1.A.csv', schema)).toEqual({});
  });
});
