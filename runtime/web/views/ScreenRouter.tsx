import { useLocation } from 'react-router-dom';
import { checkPermission } from '../../core/checkPermission.ts';
import { findRouteKey, type RouteKeys } from '../../core/findRouteKey.ts';
import { PermissionLevel } from '../../core/types.ts';
import { useSession, useTenant } from '../app/RuntimeContext.tsx';
import { DashboardPage } from '../pages/DashboardPage.tsx';
import { menuLeaves, useMenus } from '../shell/menu/useMenus.ts';
import { AccessDeniedPage } from './AccessDeniedPage.tsx';
import { PendingScreen } from './PendingScreen.tsx';

/**
 * Resolves a main-area route to its screen. The route's permission key (schemas/permissions) is
 * checked with the same core function the menu and the API use; a denied route shows a clear page.
 */
export function ScreenRouter() {
  const { pathname } = useLocation();
  const { schemas } = useTenant();
  const { user } = useSession();
  const menus = useMenus();
  const route = pathname.replace(/^\//, '');
  const key = findRouteKey(schemas.permissions as unknown as RouteKeys, route);
  if (key && !checkPermission(user, key, PermissionLevel.VISUALIZAR)) return <AccessDeniedPage />;
  if (route === 'pages/dashboard' || route === 'administrador/configuracoes/dashboard')
    return <DashboardPage />;
  const all = [
    ...menuLeaves(menus.main),
    ...menuLeaves(menus.settings),
    ...menuLeaves(menus.admin),
    ...menuLeaves(menus.painel),
  ];
  const entry = all
    .filter((item) => item.link && (pathname === item.link || pathname.startsWith(`${item.link}/`)))
    .sort((a, b) => (b.link?.length ?? 0) - (a.link?.length ?? 0))[0];
  return <PendingScreen title={entry?.title ?? 'Página'} />;
}
