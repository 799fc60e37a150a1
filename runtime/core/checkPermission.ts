import { PermissionLevel, type SessionUser } from './types.ts';

/**
 * Permission check of spec 000 §6: no user → denied; perfilAdmin, suporteWhiteLabel or isContador →
 * allowed; no permission map → allowed; otherwise the user's level for the key must be above NENHUMA and at
 * least `level`, or exactly TOTAL when no level is asked.
 */
export function checkPermission(user: SessionUser | null | undefined, key: string, level?: number): boolean {
  if (!user) return false;
  if (user.perfilAdmin || user.suporteWhiteLabel || user.isContador) return true;
  if (user.permissoes === null || user.permissoes === undefined) return true;
  // Own keys only, so 'constructor' or 'toString' never read the prototype.
  if (!Object.hasOwn(user.permissoes, key)) return false;
  const granted = user.permissoes[key];
  if (typeof granted !== 'number' || granted === PermissionLevel.NENHUMA) return false;
  if (level === undefined) return granted === PermissionLevel.TOTAL;
  return granted >= level;
}
