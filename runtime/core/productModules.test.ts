import { describe, expect, it } from 'vitest';
import { productModules, switchModules } from './productModules.ts';

const known = { vendas: { label: 'Vendas' }, estoque: {}, administrador: { label: 'Administrador' } };

describe('productModules', () => {
  it('lists every switchable module; none stored means all active, else only those stored active', () => {
    expect(productModules(known, [])).toEqual([
      { id: 'vendas', label: 'Vendas', ativo: true },
      { id: 'estoque', label: 'estoque', ativo: true },
    ]);
    expect(productModules(known, [{ id: 'vendas', ativo: true }]).map((m) => m.ativo)).toEqual([true, false]);
  });

  it('switching keeps what a module stored besides its state and lists every module', () => {
    const stored = [{ id: 'vendas', ativo: true, menus: ['pedidos'] }];
    expect(switchModules(known, stored, [{ id: 'vendas', ativo: false }])).toEqual([
      { id: 'vendas', ativo: false, menus: ['pedidos'] },
      { id: 'estoque', ativo: false },
    ]);
    expect(switchModules(known, [], [{ id: 'estoque', ativo: false }])).toEqual([
      { id: 'vendas', ativo: true },
      { id: 'estoque', ativo: false },
    ]);
  });
});
