import { PermissionLevel, type SessionUser } from './types.ts';

/** A perfil's permission map: a plain object (not an array, not null). */
function isPermissionMap(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Permission check of spec 000 §6, deny by default (README "Segurança"): no user → denied; perfilAdmin,
 * suporteWhiteLabel or isContador → allowed; a missing or malformed permission map (no perfil, a deleted
 * one) → denied, where spec 000 §6 rule 3 allowed everything; otherwise the user's level for the key must
 * be above NENHUMA and at least `level`, or exactly TOTAL when no level is asked.
 */
export function checkPermission(user: SessionUser | null | undefined, key: string, level?: number): boolean {
  if (!user) return false;
  if (user.perfilAdmin || user.suporteWhiteLabel || user.isContador) return true;
  const permissoes: unknown = user.permissoes;
  if (!isPermissionMap(permissoes)) return false;
  // Own keys only, so 'constructor' or 'toString' never read the prototype.
  if (!Object.hasOwn(permissoes, key)) return false;
  const granted = permissoes[key];
  if (typeof granted !== 'number' || !Number.isInteger(granted) || granted <= PermissionLevel.NENHUMA) {
    return false;
  }
  if (level === undefined) return granted === PermissionLevel.TOTAL;
  return granted >= level;
}
