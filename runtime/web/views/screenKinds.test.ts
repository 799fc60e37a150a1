import { describe, expect, it } from 'vitest';
import { findDeclaredRoute, findDeclaredScreen } from './screenKinds.ts';

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

describe('findDeclaredRoute', () => {
  it('matches a route with :name segments and gives their values', () => {
    const declarations = {
      detalhe: lookup('detalhe', 'administrador/configuracoes/sequencia-filial/:filialId'),
      busca: lookup('busca', 'administrador/configuracoes/sequencia-filial'),
    };
    expect(findDeclaredRoute('administrador/configuracoes/sequencia-filial/42', declarations)).toEqual({
      declaration: declarations.detalhe,
      params: { filialId: '42' },
    });
    expect(findDeclaredRoute('administrador/configuracoes/sequencia-filial', declarations)?.params).toEqual(
      {},
    );
    expect(findDeclaredRoute('administrador/configuracoes/sequencia-filial/42/x', declarations)).toBeNull();
  });
});
