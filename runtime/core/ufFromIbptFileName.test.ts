import { describe, expect, it } from 'vitest';
import { ufFromIbptFileName } from './ufFromIbptFileName.ts';

describe('ufFromIbptFileName', () => {
  it('reads the UF of the IBPT file name, any case and path', () => {
    expect(ufFromIbptFileName('TabelaIBPTaxSP26.1.A.csv')).toBe('SP');
    expect(ufFromIbptFileName('C:\\Downloads\\tabelaibptaxrj25.2.B.csv')).toBe('RJ');
    expect(ufFromIbptFileName('ncm.csv')).toBeNull();
  });
});
