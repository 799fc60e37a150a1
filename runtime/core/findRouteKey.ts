/** Permission keys file shape needed to gate routes (schemas/permissions/keys.json). */
export interface RouteKeys {
  keys: Record<string, { routes?: string[]; label?: string; module?: string }>;
}

function matches(pattern: string[], path: string[]): boolean {
  if (pattern.length > path.length) return false;
  return pattern.every((segment, i) => segment.startsWith(':') || segment === path[i]);
}

/**
 * The permission key gating a hash route (without "#/"), by the most specific declared route that
 * is a prefix of it (":param" segments match anything); null when no key gates it.
 */
export function findRouteKey(permissions: RouteKeys, route: string): string | null {
  const path =
    route
      .replace(/^[#/]+/, '')
      .split(/[?#]/)[0]
      ?.split('/')
      .filter(Boolean) ?? [];
  let best: { key: string; length: number; literal: number } | null = null;
  for (const [key, spec] of Object.entries(permissions.keys)) {
    for (const declared of spec.routes ?? []) {
      const pattern = declared.split('/').filter(Boolean);
      if (!matches(pattern, path)) continue;
      const literal = pattern.filter((segment) => !segment.startsWith(':')).length;
      if (
        !best ||
        pattern.length > best.length ||
        (pattern.length === best.length && literal > best.literal)
      ) {
        best = { key, length: pattern.length, literal };
      }
    }
  }
  return best?.key ?? null;
}
