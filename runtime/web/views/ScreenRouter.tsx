import { Box, CircularProgress } from '@mui/material';
import { lazy, type ReactNode, Suspense } from 'react';
import { useLocation } from 'react-router-dom';
import { checkPermission } from '../../core/checkPermission.ts';
import { findRouteKey, type RouteKeys } from '../../core/findRouteKey.ts';
import { matchRoutePattern } from '../../core/matchRoutePattern.ts';
import { PermissionLevel } from '../../core/types.ts';
import { useSession, useTenant } from '../app/RuntimeContext.tsx';
import { screens } from '../screens/index.ts';
import { menuLeaves, useMenus } from '../shell/menu/useMenus.ts';
import { AccessDeniedPage } from './AccessDeniedPage.tsx';
import { PendingScreen } from './PendingScreen.tsx';
import { reportScreenOf } from './report/reportDefinitions.ts';
import { findDeclaredRoute, screenKinds } from './screenKinds.ts';

// The grid and the form are heavy (AG Grid, rjsf): loaded when a screen first needs them.
const ListView = lazy(() => import('./list/ListView.tsx').then((module) => ({ default: module.ListView })));
const FormView = lazy(() => import('./form/FormView.tsx').then((module) => ({ default: module.FormView })));
const ReportView = lazy(() =>
  import('./report/ReportView.tsx').then((module) => ({ default: module.ReportView })),
);
const ReportMenuView = lazy(() =>
  import('./report/ReportMenuView.tsx').then((module) => ({ default: module.ReportMenuView })),
);
const SingletonFormView = lazy(() =>
  import('./form/SingletonFormView.tsx').then((module) => ({ default: module.SingletonFormView })),
);

type EntityScreen =
  | { entityName: string; permission?: string; mode: 'list' }
  | { entityName: string; permission?: string; mode: 'singleton' }
  | { entityName: string; permission?: string; mode: 'create' | 'edit' | 'copy'; id?: number };

/** The registered screen of a route: the matching pattern with the most literal segments. */
function findScreen(route: string) {
  let best: { pattern: string; params: Record<string, string>; literal: number } | null = null;
  for (const pattern of Object.keys(screens)) {
    const params = matchRoutePattern(pattern, route);
    const literal = pattern.split('/').filter((segment) => segment && !segment.startsWith(':')).length;
    if (params && (!best || literal > best.literal)) best = { pattern, params, literal };
  }
  return best;
}

/** The entity whose list route (`entity.route`) the route is, or its cadastrar/editar/copiar form. */
function findEntityScreen(
  route: string,
  entities: Record<string, { entity?: unknown }>,
): EntityScreen | null {
  for (const [entityName, files] of Object.entries(entities)) {
    const entity = files.entity as { route?: string; permission?: string; singleton?: boolean } | undefined;
    const base = entity?.route?.replace(/^[#/]+/, '').replace(/\/$/, '');
    if (!base) continue;
    const permission = entity?.permission;
    if (route === base) return { entityName, permission, mode: entity?.singleton ? 'singleton' : 'list' };
    if (route === `${base}/cadastrar`) return { entityName, permission, mode: 'create' };
    const form = matchRoutePattern(`${base}/:mode/:id`, route);
    if (form && (form.mode === 'editar' || form.mode === 'copiar') && /^\d+$/.test(form.id ?? '')) {
      return { entityName, permission, mode: form.mode === 'editar' ? 'edit' : 'copy', id: Number(form.id) };
    }
  }
  return null;
}

function Loading() {
  return (
    <Box role="status" aria-label="Carregando" sx={{ display: 'grid', placeItems: 'center', py: 8 }}>
      <CircularProgress />
    </Box>
  );
}

/**
 * What a route resolved to, on the screen's wrapper (`data-screen`, with `data-route`): tests and styles
 * can tell them apart.
 */
type ScreenKind = 'page' | 'list' | 'form' | 'denied' | 'pending';

/**
 * Resolves a main-area route to its screen. The route's permission key (schemas/permissions) is checked
 * with the same core function the menu and the API use; a denied route shows a clear page. Then: a
 * screen registered in runtime/web/screens, a screen declared in schemas/screens (rendered
 * by its kind's generic view; its own `permission` needs VISUALIZAR, `staffOnly` platform staff, `adminArea`
 * staff or the master user), a report menu or page (schemas/reports, the report kind's views), the list or
 * form of the entity
 * whose `route` matches (creating or copying needs CRIAR), else the pending-screen placeholder.
 */
export function ScreenRouter() {
  const { pathname } = useLocation();
  const { schemas } = useTenant();
  const { user } = useSession();
  const menus = useMenus();
  const route = pathname.replace(/^\/+/, '').replace(/\/+$/, '');
  // A declared screen is a 'page' whose `data-kind` names its kind (tool, lookup, dashboard…).
  const screen = (kind: ScreenKind, node: ReactNode, declaredKind?: string) => (
    <Box data-screen={kind} data-kind={declaredKind} data-route={route}>
      <Suspense fallback={<Loading />}>{node}</Suspense>
    </Box>
  );
  const key = findRouteKey(schemas.permissions as unknown as RouteKeys, route);
  if (key && !checkPermission(user, key, PermissionLevel.VISUALIZAR))
    return screen('denied', <AccessDeniedPage />);
  const registered = findScreen(route);
  if (registered) {
    const Screen = screens[registered.pattern];
    if (Screen) return screen('page', <Screen key={route} params={registered.params} />);
  }
  const found = findDeclaredRoute(route, schemas.screens);
  if (found) {
    const { declaration: declared, params } = found;
    if (declared.permission && !checkPermission(user, declared.permission, PermissionLevel.VISUALIZAR))
      return screen('denied', <AccessDeniedPage />);
    // Entries the spec reserves to platform staff: a company administrator passes the key, not this.
    if (declared.staffOnly && user?.isAvanco !== true) return screen('denied', <AccessDeniedPage />);
    // An administrator-area screen: platform staff or the master user (as AdminPage).
    const adminArea = 'adminArea' in declared && declared.adminArea;
    if (adminArea && user?.isAvanco !== true && user?.master !== true)
      return screen('denied', <AccessDeniedPage />);
    const KindView = screenKinds[declared.kind];
    return screen(
      'page',
      <KindView key={route} declaration={declared as never} params={params} />,
      declared.kind,
    );
  }
  // Report definitions (schemas/reports): their menus and pages, rendered by the report kind's views.
  const report = reportScreenOf(route);
  if (report)
    return 'menu' in report
      ? screen('page', <ReportMenuView key={route} menu={report.menu} />, 'report')
      : screen('page', <ReportView key={route} segment={report.segment} />, 'report');
  const target = findEntityScreen(route, (schemas.entities ?? {}) as Record<string, { entity?: unknown }>);
  if (target) {
    const level =
      target.mode === 'create' || target.mode === 'copy' ? PermissionLevel.CRIAR : PermissionLevel.VISUALIZAR;
    if (target.permission && !checkPermission(user, target.permission, level))
      return screen('denied', <AccessDeniedPage />);
    // A configuration record (entity `singleton`) has no list: its route is its form.
    if (target.mode === 'singleton')
      return screen('form', <SingletonFormView key={route} entityName={target.entityName} />);
    if (target.mode === 'list')
      return screen('list', <ListView key={route} entityName={target.entityName} />);
    return screen(
      'form',
      <FormView key={route} entityName={target.entityName} mode={target.mode} id={target.id} />,
    );
  }
  const all = [
    ...menuLeaves(menus.main),
    ...menuLeaves(menus.settings),
    ...menuLeaves(menus.admin),
    ...menuLeaves(menus.painel),
  ];
  const entry = all
    .filter((item) => item.link && (pathname === item.link || pathname.startsWith(`${item.link}/`)))
    .sort((a, b) => (b.link?.length ?? 0) - (a.link?.length ?? 0))[0];
  return screen('pending', <PendingScreen title={entry?.title ?? 'Página'} />);
}
