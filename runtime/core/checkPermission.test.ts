import { describe, expect, it } from 'vitest';
import { checkPermission } from './checkPermission.ts';
import { PermissionLevel, type SessionUser } from './types.ts';

const { NENHUMA, VISUALIZAR, CRIAR, ALTERAR, TOTAL } = PermissionLevel;

const withLevels = (permissoes: Record<string, number>): SessionUser => ({ id: 1, permissoes });

describe('checkPermission', () => {
  it('1. denies without a user', () => {
    expect(checkPermission(null, 'DASHBOARD', VISUALIZAR)).toBe(false);
    expect(checkPermission(undefined, 'DASHBOARD')).toBe(false);
  });

  it.each(['perfilAdmin', 'suporteWhiteLabel', 'isContador'] as const)(
    '2. always allows a %s user, even with level NENHUMA for the key',
    (flag) => {
      const user: SessionUser = { [flag]: true, permissoes: { VENDAS_CLIENTES: NENHUMA } };
      expect(checkPermission(user, 'VENDAS_CLIENTES')).toBe(true);
      expect(checkPermission(user, 'OUTRA_CHAVE', TOTAL)).toBe(true);
    },
  );

  it('3. allows when the permission map is missing (undefined or null)', () => {
    expect(checkPermission({ id: 1 }, 'VENDAS_CLIENTES', TOTAL)).toBe(true);
    expect(checkPermission({ id: 1, permissoes: null }, 'VENDAS_CLIENTES')).toBe(true);
  });

  it('4a. denies a key that is not in the map', () => {
    expect(checkPermission(withLevels({ DASHBOARD: TOTAL }), 'VENDAS_CLIENTES', VISUALIZAR)).toBe(false);
  });

  it('4b. denies level NENHUMA even when NENHUMA is asked', () => {
    expect(checkPermission(withLevels({ DASHBOARD: NENHUMA }), 'DASHBOARD', NENHUMA)).toBe(false);
  });

  it('4c. allows a level at or above the required one and denies one below', () => {
    const user = withLevels({ VENDAS_CLIENTES: CRIAR });
    expect(checkPermission(user, 'VENDAS_CLIENTES', VISUALIZAR)).toBe(true);
    expect(checkPermission(user, 'VENDAS_CLIENTES', CRIAR)).toBe(true);
    expect(checkPermission(user, 'VENDAS_CLIENTES', ALTERAR)).toBe(false);
  });

  it('4d. without a required level, demands exactly TOTAL', () => {
    expect(checkPermission(withLevels({ K: TOTAL }), 'K')).toBe(true);
    expect(checkPermission(withLevels({ K: ALTERAR }), 'K')).toBe(false);
  });

  it('does not read inherited properties of the map as levels', () => {
    expect(checkPermission(withLevels({}), 'constructor', VISUALIZAR)).toBe(false);
    expect(checkPermission(withLevels({}), 'toString')).toBe(false);
  });

  it('ignores flags set to false', () => {
    const user: SessionUser = { perfilAdmin: false, isContador: false, permissoes: { K: VISUALIZAR } };
    expect(checkPermission(user, 'K', CRIAR)).toBe(false);
  });
});
