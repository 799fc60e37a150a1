import { useMemo } from 'react';
import type { MenuSchema } from '../../../core/types.ts';
import { useSession, useTenant } from '../../app/RuntimeContext.tsx';
import { type Menus, menusFor } from './menusFor.ts';

export { type Menus, menuLeaves } from './menusFor.ts';

/** The tenant's merged menus filtered for the session user (menusFor: the same rules as the server). */
export function useMenus(): Menus {
  const { schemas, config } = useTenant();
  const { user } = useSession();
  return useMemo(
    () =>
      menusFor({
        menus: schemas.menus as unknown as Record<string, MenuSchema>,
        modulos: config.modulos,
        user,
        now: new Date(),
      }),
    [schemas, config, user],
  );
}
