import { filterMenu } from '../../../core/filterMenu.ts';
import type { MenuContext, MenuItem, MenuSchema } from '../../../core/types.ts';
import type { UserInfo } from '../../app/RuntimeContext.tsx';

export interface Menus {
  main: MenuItem[];
  settings: MenuItem[];
  admin: MenuItem[];
  painel: MenuItem[];
  user: MenuItem[];
}

/** What of the session the menu rules read: the user info (with its menuContext) and the tenant's modules. */
export interface MenuSource {
  menus: Record<string, MenuSchema | undefined>;
  modulos: ReadonlyArray<{ id?: string; ativo?: boolean }> | undefined;
  user: UserInfo | null | undefined;
  now: Date;
}

/**
 * The tenant's merged menus filtered for a user by runtime/core's filterMenu (the rules the server uses
 * too): the shell renders them, and the menu-walk test visits exactly these entries.
 */
export function menusFor({ menus, modulos, user, now }: MenuSource): Menus {
  const extra = user?.menuContext;
  const context: MenuContext = {
    user: user ?? null,
    modules: (modulos ?? []).map((modulo) => ({ id: modulo.id ?? '', ativo: modulo.ativo !== false })),
    boletoGateway: extra?.boletoGateway ?? false,
    stockCount: extra?.stockCount ?? 0,
    hasContract: extra?.hasContract ?? false,
    hasBillingIntegration: extra?.hasBillingIntegration ?? false,
    trial: extra?.trial ?? false,
    dataVencimento: extra?.dataVencimento ?? null,
    planModulesCount: extra?.planModulesCount ?? 0,
    posAddress: extra?.posAddress ?? null,
    now,
  };
  const filtered = (name: keyof Menus) => filterMenu(menus[name]?.items ?? {}, context);
  return {
    main: filtered('main'),
    settings: filtered('settings'),
    admin: filtered('admin'),
    painel: filtered('painel'),
    user: filtered('user'),
  };
}

/** Every leaf of a menu tree (for favourites and route titles). */
export function menuLeaves(items: MenuItem[]): MenuItem[] {
  return items.flatMap((item) => (item.children?.length ? menuLeaves(item.children) : [item]));
}
