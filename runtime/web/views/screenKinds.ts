import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import type { components } from '../../../generated/screens.d.ts';

/** A screen declaration of schemas/screens/ (typed from schemas/_meta/screen.schema.json). */
export type ScreenDeclaration = components['schemas']['ScreenDeclaration'];

/**
 * The generic renderer of each screen kind, loaded when a screen of that kind first opens. A kind added
 * to the meta-schema gets its renderer here (JSON Forms style: data chooses the renderer).
 */
export const screenKinds: Record<
  ScreenDeclaration['kind'],
  LazyExoticComponent<ComponentType<{ declaration: never }>>
> = {
  tool: lazy(() => import('./tool/ToolView.tsx').then((module) => ({ default: module.ToolView }))),
  upload: lazy(() => import('./upload/UploadView.tsx').then((module) => ({ default: module.UploadView }))),
  lookup: lazy(() => import('./lookup/LookupView.tsx').then((module) => ({ default: module.LookupView }))),
  dashboard: lazy(() =>
    import('./dashboard/DashboardView.tsx').then((module) => ({ default: module.DashboardView })),
  ),
};

/**
 * The declared screen whose `route` is the route (without "#/" and surrounding slashes), if any; a
 * `section` (a part of a registered screen) is never served alone.
 */
export function findDeclaredScreen(
  route: string,
  declarations: Record<string, unknown> | undefined,
): ScreenDeclaration | null {
  for (const declaration of Object.values(declarations ?? {})) {
    const candidate = declaration as ScreenDeclaration;
    if ((candidate as { section?: boolean } | undefined)?.section) continue;
    if (candidate?.route?.replace(/^[#/]+/, '').replace(/\/$/, '') === route && candidate.kind in screenKinds)
      return candidate;
  }
  return null;
}
