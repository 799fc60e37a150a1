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

  it('3. denies by default when the permission map is missing (no perfil, a deleted one)', () => {
    expect(checkPermission({ id: 1 }, 'VENDAS_CLIENTES', VISUALIZAR)).toBe(false);
    expect(checkPermission({ id: 1, permissoes: null }, 'VENDAS_CLIENTES')).toBe(false);
  });

  it('3b. denies a malformed permission map or level', () => {
    for (const permissoes of [[], 'TOTAL', 4, true] as unknown[]) {
      const user = { id: 1, permissoes } as SessionUser;
      expect(checkPermission(user, 'VENDAS_CLIENTES', VISUALIZAR), JSON.stringify(permissoes)).toBe(false);
    }
    for (const level of ['4', 2.5, -1, null, Number.NaN] as unknown[]) {
      const user = { id: 1, permissoes: { K: level } } as unknown as SessionUser;
      expect(checkPermission(user, 'K', NENHUMA), String(level)).toBe(false);
    }
  });

  it.each(['isAvanco', 'master', 'painelAdministrativo'] as const)(
    '3c. a %s user without perfil gets no business key (their areas check their flag)',
    (flag) => {
      expect(checkPermission({ [flag]: true, permissoes: null }, 'VENDAS_CLIENTES', VISUALIZAR)).toBe(false);
    },
  );

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
