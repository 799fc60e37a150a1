import { describe, expect, it } from 'vitest';
import { findDeclaredScreen } from './screenKinds.ts';

const lookup = (name: string, route: string, extra: Record<string, unknown> = {}) => ({
  $schema: '../_meta/screen.schema.json',
  name,
  kind: 'lookup',
  route,
  title: name,
  search: {},
  ...extra,
});

describe('findDeclaredScreen', () => {
  it('serves the declaration of a route, never a section of a registered screen', () => {
    const declarations = {
      bancos: lookup('bancos', 'administrador/configuracoes/bancos'),
      busca: lookup('busca', 'administrador/configuracoes/importacao-ibpt-ncm', { section: true }),
    };
    expect(findDeclaredScreen('administrador/configuracoes/bancos', declarations)?.name).toBe('bancos');
    expect(findDeclaredScreen('administrador/configuracoes/importacao-ibpt-ncm', declarations)).toBeNull();
    expect(findDeclaredScreen('administrador/configuracoes/outra', declarations)).toBeNull();
  });
});
