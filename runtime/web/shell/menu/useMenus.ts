import { useMemo } from 'react';
import { filterMenu } from '../../../core/filterMenu.ts';
import type { MenuContext, MenuItem, MenuSchema } from '../../../core/types.ts';
import { useSession, useTenant } from '../../app/RuntimeContext.tsx';

export interface Menus {
  main: MenuItem[];
  settings: MenuItem[];
  admin: MenuItem[];
  painel: MenuItem[];
  user: MenuItem[];
}

/** The tenant's merged menus filtered for the session user by runtime/core's filterMenu (same rules as the server). */
export function useMenus(): Menus {
  const { schemas, config } = useTenant();
  const { user } = useSession();
  return useMemo(() => {
    const menus = schemas.menus as unknown as Record<string, MenuSchema>;
    const extra = user?.menuContext;
    const context: MenuContext = {
      user: user ?? null,
      modules: (config.modulos ?? []).map((modulo) => ({
        id: modulo.id ?? '',
        ativo: modulo.ativo !== false,
      })),
      boletoGateway: extra?.boletoGateway ?? false,
      stockCount: extra?.stockCount ?? 0,
      hasContract: extra?.hasContract ?? false,
      hasBillingIntegration: extra?.hasBillingIntegration ?? false,
      trial: extra?.trial ?? false,
      dataVencimento: extra?.dataVencimento ?? null,
      planModulesCount: extra?.planModulesCount ?? 0,
      posAddress: extra?.posAddress ?? null,
      now: new Date(),
    };
    const filtered = (name: keyof Menus) => filterMenu(menus[name]?.items ?? {}, context);
    return {
      main: filtered('main'),
      settings: filtered('settings'),
      admin: filtered('admin'),
      painel: filtered('painel'),
      user: filtered('user'),
    };
  }, [schemas, config, user]);
}

/** Every leaf of a menu tree (for favourites and route titles). */
export function menuLeaves(items: MenuItem[]): MenuItem[] {
  return items.flatMap((item) => (item.children?.length ? menuLeaves(item.children) : [item]));
}
