import { describe, expect, it } from 'vitest';
import { filterMenu } from './filterMenu.ts';
import type { MenuContext, MenuItem, MenuItemSchema, SessionUser } from './types.ts';

const NOW = new Date('2024-01-01T12:00:00Z');
const daysFromNow = (days: number) => new Date(NOW.getTime() + days * 86_400_000).toISOString();

/** A context in which every condition holds and the user (an administrator) may see everything. */
function context(overrides: Partial<MenuContext> = {}): MenuContext {
  return {
    user: { id: 1, perfilAdmin: true, permissoes: null },
    modules: [],
    boletoGateway: true,
    stockCount: 5,
    hasContract: true,
    hasBillingIntegration: true,
    trial: false,
    dataVencimento: null,
    planModulesCount: 3,
    posAddress: 'https://pdv.example/download',
    now: NOW,
    ...overrides,
  };
}

/** Ids of the result, children in brackets: 'a,b[c,d]'. */
function ids(items: MenuItem[]): string {
  return items.map((item) => (item.children ? `${item.id}[${ids(item.children)}]` : item.id)).join(',');
}

const leaf = (extra: Partial<MenuItemSchema> = {}): MenuItemSchema => ({
  title: 'Item',
  link: '/pages/x',
  ...extra,
});

describe('filterMenu', () => {
  it('keeps the schema order, uses the key as id and copies the shell fields', () => {
    const items: Record<string, MenuItemSchema> = {
      dashboard: {
        title: 'Dashboard',
        link: '/pages/dashboard',
        icon: 'home',
        data: { key: 'DASHBOARD' },
        conditions: { planModules: true },
      },
      docs: { title: 'Termos de uso', url: 'https://example/termos', action: 'abrirTermos', expanded: false },
      financeiro: { title: 'Financeiro', expanded: true, children: { contas: leaf({ title: 'Contas' }) } },
    };
    expect(filterMenu(items, context())).toEqual([
      {
        id: 'dashboard',
        title: 'Dashboard',
        link: '/pages/dashboard',
        icon: 'home',
        data: { key: 'DASHBOARD' },
      },
      {
        id: 'docs',
        title: 'Termos de uso',
        url: 'https://example/termos',
        action: 'abrirTermos',
        expanded: false,
      },
      {
        id: 'financeiro',
        title: 'Financeiro',
        expanded: true,
        children: [{ id: 'contas', title: 'Contas', link: '/pages/x' }],
      },
    ]);
  });

  it('does not carry conditions or hidden into the result', () => {
    const [item] = filterMenu({ a: leaf({ hidden: false, conditions: { boletoGateway: true } }) }, context());
    expect(item).toBeDefined();
    expect(Object.keys(item ?? {}).sort()).toEqual(['id', 'link', 'title']);
  });

  it('removes hidden items', () => {
    expect(ids(filterMenu({ a: leaf({ hidden: true }), b: leaf() }, context()))).toBe('b');
  });

  describe('permissions', () => {
    const user: SessionUser = { id: 1, permissoes: { VENDAS_CLIENTES: 1, VENDAS_CAIXAS: 0 } };

    it('removes a leaf whose key the user cannot view', () => {
      const items = {
        clientes: leaf({ data: { key: 'VENDAS_CLIENTES' } }),
        caixas: leaf({ data: { key: 'VENDAS_CAIXAS' } }),
        vendedores: leaf({ data: { key: 'VENDAS_VENDEDORES' } }),
        semChave: leaf(),
      };
      expect(ids(filterMenu(items, context({ user })))).toBe('clientes,semChave');
    });

    it('removes every keyed leaf without a user', () => {
      const items = { a: leaf({ data: { key: 'DASHBOARD' } }), b: leaf() };
      expect(ids(filterMenu(items, context({ user: null })))).toBe('b');
    });

    it('drops a group whose children were all removed', () => {
      const items = {
        vendas: { title: 'Vendas', children: { caixas: leaf({ data: { key: 'VENDAS_CAIXAS' } }) } },
        compras: { title: 'Compras', children: { pedido: leaf({ data: { key: 'VENDAS_CLIENTES' } }) } },
      };
      expect(ids(filterMenu(items, context({ user })))).toBe('compras[pedido]');
    });

    it('drops nested groups emptied from below', () => {
      const items = {
        a: { title: 'A', children: { b: { title: 'B', children: { c: leaf({ hidden: true }) } } } },
      };
      expect(filterMenu(items, context())).toEqual([]);
    });

    it('keeps a childless item with a link, and treats an empty children map as childless', () => {
      const items = { a: leaf(), b: leaf({ children: {} }) };
      expect(ids(filterMenu(items, context()))).toBe('a,b');
    });
  });

  describe('conditions', () => {
    it('module: hidden when the module is inactive or absent', () => {
      const items = {
        nfe: leaf({ conditions: { module: 'nfe' } }),
        pdv: leaf({ conditions: { module: 'pdv' } }),
        boletos: leaf({ conditions: { module: 'boletos' } }),
      };
      const modules = [
        { id: 'nfe', ativo: true },
        { id: 'pdv', ativo: false },
      ];
      expect(ids(filterMenu(items, context({ modules })))).toBe('nfe');
    });

    it('module: every module counts as active when the tenant lists none', () => {
      expect(
        ids(filterMenu({ nfe: leaf({ conditions: { module: 'nfe' } }) }, context({ modules: [] }))),
      ).toBe('nfe');
    });

    it('boletoGateway: hidden without a boleto gateway', () => {
      const items = { boletos: leaf({ conditions: { boletoGateway: true } }), b: leaf() };
      expect(ids(filterMenu(items, context({ boletoGateway: false })))).toBe('b');
      expect(ids(filterMenu(items, context({ boletoGateway: true })))).toBe('boletos,b');
    });

    it('minStocks: hidden with fewer stocks than asked', () => {
      const items = { transferencia: leaf({ conditions: { minStocks: 2 } }) };
      expect(filterMenu(items, context({ stockCount: 1 }))).toEqual([]);
      expect(ids(filterMenu(items, context({ stockCount: 2 })))).toBe('transferencia');
    });

    it('contractAndBilling: needs both a contract and a billing integration', () => {
      const items = { areaCliente: leaf({ conditions: { contractAndBilling: true } }) };
      expect(filterMenu(items, context({ hasContract: true, hasBillingIntegration: false }))).toEqual([]);
      expect(filterMenu(items, context({ hasContract: false, hasBillingIntegration: true }))).toEqual([]);
      expect(ids(filterMenu(items, context({ hasContract: true, hasBillingIntegration: true })))).toBe(
        'areaCliente',
      );
    });

    it('notLongTrial: hidden for a trial due 1000 days away, shown at 999 days', () => {
      const items = { planos: leaf({ conditions: { notLongTrial: true } }) };
      expect(filterMenu(items, context({ trial: true, dataVencimento: daysFromNow(1000) }))).toEqual([]);
      expect(ids(filterMenu(items, context({ trial: true, dataVencimento: daysFromNow(999) })))).toBe(
        'planos',
      );
      expect(ids(filterMenu(items, context({ trial: false, dataVencimento: daysFromNow(1000) })))).toBe(
        'planos',
      );
    });

    it('planModules: hidden when there are no plan modules', () => {
      const items = { modulos: leaf({ conditions: { planModules: true } }) };
      expect(filterMenu(items, context({ planModulesCount: 0 }))).toEqual([]);
      expect(ids(filterMenu(items, context({ planModulesCount: 1 })))).toBe('modulos');
    });

    it('posAddress: hidden without a POS download address', () => {
      const items = { baixarPdv: leaf({ conditions: { posAddress: true } }) };
      expect(filterMenu(items, context({ posAddress: null }))).toEqual([]);
      expect(filterMenu(items, context({ posAddress: '' }))).toEqual([]);
      expect(ids(filterMenu(items, context({ posAddress: 'https://pdv' })))).toBe('baixarPdv');
    });

    it('avancoOnly: only for isAvanco, not for master', () => {
      const items = { bancos: leaf({ conditions: { avancoOnly: true } }) };
      expect(ids(filterMenu(items, context({ user: { isAvanco: true } })))).toBe('bancos');
      expect(filterMenu(items, context({ user: { master: true } }))).toEqual([]);
      expect(filterMenu(items, context({ user: null }))).toEqual([]);
    });

    it('avancoOrMaster: for isAvanco or master, nobody else', () => {
      const items = { admin: leaf({ conditions: { avancoOrMaster: true } }) };
      expect(ids(filterMenu(items, context({ user: { isAvanco: true } })))).toBe('admin');
      expect(ids(filterMenu(items, context({ user: { master: true } })))).toBe('admin');
      expect(filterMenu(items, context({ user: { perfilAdmin: true } }))).toEqual([]);
    });

    it('a condition on a group removes the whole group', () => {
      const items: Record<string, MenuItemSchema> = {
        pagamentos: { title: 'Pagamentos', conditions: { boletoGateway: true }, children: { a: leaf() } },
      };
      expect(filterMenu(items, context({ boletoGateway: false }))).toEqual([]);
    });

    it('needs every condition of an item to hold', () => {
      const items = { a: leaf({ conditions: { boletoGateway: true, minStocks: 2 } }) };
      expect(filterMenu(items, context({ boletoGateway: true, stockCount: 1 }))).toEqual([]);
    });
  });

  describe('accountant (isContador)', () => {
    const contador: SessionUser = { isContador: true, permissoes: { NFE_EXPORTAR_XML: 0 } };
    const items: Record<string, MenuItemSchema> = {
      dashboard: leaf({ data: { key: 'DASHBOARD' } }),
      exportacoes: {
        title: 'Exportações',
        children: {
          xml: leaf({ data: { key: 'NFE_EXPORTAR_XML' }, conditions: { accountant: true } }),
          balanca: leaf(),
        },
      },
      vendas: { title: 'Vendas', children: { clientes: leaf() } },
      usuario: {
        title: 'Usuário',
        conditions: { accountant: true },
        children: { conta: leaf(), sair: leaf() },
      },
      sair: leaf({ conditions: { accountant: true, posAddress: true } }),
    };

    it('keeps only flagged items, groups keeping a flagged child, and the subtree of a flagged group', () => {
      expect(ids(filterMenu(items, context({ user: contador })))).toBe(
        'exportacoes[xml],usuario[conta,sair],sair',
      );
    });

    it('still applies the other conditions to flagged items', () => {
      expect(ids(filterMenu(items, context({ user: contador, posAddress: null })))).toBe(
        'exportacoes[xml],usuario[conta,sair]',
      );
    });

    it('does not restrict other users', () => {
      expect(ids(filterMenu(items, context()))).toBe(
        'dashboard,exportacoes[xml,balanca],vendas[clientes],usuario[conta,sair],sair',
      );
    });
  });
});
