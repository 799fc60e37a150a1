import { describe, expect, it } from 'vitest';
import { canExportEmpresa } from './canExportEmpresa.ts';

describe('canExportEmpresa', () => {
  it('lets platform staff export any company', () => {
    expect(canExportEmpresa({ isAvanco: true, empresaId: 2 }, 7)).toBe(true);
  });
  it('lets a master export only their own company', () => {
    expect(canExportEmpresa({ master: true, empresaId: 7 }, 7)).toBe(true);
    expect(canExportEmpresa({ master: true, empresaId: 8 }, 7)).toBe(false);
  });
  it('refuses everyone else, administrators included', () => {
    expect(canExportEmpresa({ empresaId: 7 }, 7)).toBe(false);
    expect(canExportEmpresa(null, 7)).toBe(false);
  });
});
