import { describe, expect, it } from 'vitest';
import keysFile from '../../schemas/permissions/keys.json' with { type: 'json' };
import { findRouteKey } from './findRouteKey.ts';

const fixture = {
  keys: {
    CONFIG_USUARIOS: { routes: ['pages/configuracoes/usuarios'] },
    USUARIO_MINHA_CONTA: { routes: ['pages/configuracoes/usuarios/editarminhaconta'] },
    VENDAS_PEDIDO_VENDAS: { routes: ['pages/vendas/pedido-vendas'] },
    NFSE_EMITIR: { routes: ['pages/vendas/pedido-vendas/cadastrar/:servico'] },
  },
};

describe('findRouteKey', () => {
  it('gates sub-routes by their parent route', () => {
    expect(findRouteKey(fixture, 'pages/configuracoes/usuarios/editar/12')).toBe('CONFIG_USUARIOS');
    expect(findRouteKey(fixture, '/pages/configuracoes/usuarios')).toBe('CONFIG_USUARIOS');
  });

  it('prefers the most specific route', () => {
    expect(findRouteKey(fixture, 'pages/configuracoes/usuarios/editarminhaconta')).toBe(
      'USUARIO_MINHA_CONTA',
    );
    expect(findRouteKey(fixture, 'pages/vendas/pedido-vendas/cadastrar/servico')).toBe('NFSE_EMITIR');
    expect(findRouteKey(fixture, 'pages/vendas/pedido-vendas/cadastrar')).toBe('VENDAS_PEDIDO_VENDAS');
  });

  it('does not match a mere string prefix of a segment', () => {
    expect(findRouteKey(fixture, 'pages/configuracoes/usuarios-antigos')).toBeNull();
    expect(findRouteKey(fixture, 'pages/dashboard')).toBeNull();
  });

  it('finds the keys of the shipped schema for spec 000 §2.5 routes', () => {
    expect(findRouteKey(keysFile, 'pages/vendas/clientes/editar/3')).toBe('VENDAS_CLIENTES');
    expect(findRouteKey(keysFile, 'pages/financeiro/lancamentos/lista/despesas')).toBe('FINANCEIRO_DESPESAS');
    expect(findRouteKey(keysFile, 'pages/relatorios/exportacoes')).toBe('RELATORIOS_EXPORTACOES');
  });
});
