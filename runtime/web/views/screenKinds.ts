import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import type { components } from '../../../generated/screens.d.ts';
import { matchRoutePattern } from '../../core/matchRoutePattern.ts';

/** A screen declaration of schemas/screens/ (typed from schemas/_meta/screen.schema.json). */
export type ScreenDeclaration = components['schemas']['ScreenDeclaration'];

/**
 * The generic renderer of each screen kind, loaded when a screen of that kind first opens. A kind added
 * to the meta-schema gets its renderer here (JSON Forms style: data chooses the renderer).
 */
export const screenKinds: Record<
  ScreenDeclaration['kind'],
  LazyExoticComponent<ComponentType<{ declaration: never; params?: Record<string, string> }>>
> = {
  tool: lazy(() => import('./tool/ToolView.tsx').then((module) => ({ default: module.ToolView }))),
  upload: lazy(() => import('./upload/UploadView.tsx').then((module) => ({ default: module.UploadView }))),
  lookup: lazy(() => import('./lookup/LookupView.tsx').then((module) => ({ default: module.LookupView }))),
  dashboard: lazy(() =>
    import('./dashboard/DashboardView.tsx').then((module) => ({ default: module.DashboardView })),
  ),
};

/**
 * The declared screen whose `route` is the route (without "#/" and surrounding slashes), with the values
 * of its ":name" segments, if any; a `section` (a part of a registered screen) is never served alone.
 */
export function findDeclaredRoute(
  route: string,
  declarations: Record<string, unknown> | undefined,
): { declaration: ScreenDeclaration; params: Record<string, string> } | null {
  for (const declaration of Object.values(declarations ?? {})) {
    const candidate = declaration as ScreenDeclaration;
    if ((candidate as { section?: boolean } | undefined)?.section || !candidate?.route) continue;
    if (!(candidate.kind in screenKinds)) continue;
    const params = matchRoutePattern(candidate.route.replace(/^[#/]+/, '').replace(/\/$/, ''), route);
    if (params) return { declaration: candidate, params };
  }
  return null;
}

/** The declared screen of a route (findDeclaredRoute without its parameters). */
export function findDeclaredScreen(
  route: string,
  declarations: Record<string, unknown> | undefined,
): ScreenDeclaration | null {
  return findDeclaredRoute(route, declarations)?.declaration ?? null;
}
