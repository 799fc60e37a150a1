import { checkPermission } from '../../../core/checkPermission.ts';
import { conditionHolds } from '../../../core/screens/evaluateRule.ts';
import { PermissionLevel, type SessionUser } from '../../../core/types.ts';
import type { GridRowAction } from './listTypes.ts';

/**
 * Whether the user may take a declared row action (of a grid or a lookup): its permission key (else the
 * screen's or entity's, `fallbackKey`) at its level (default ALTERAR), and platform staff for `staffOnly`.
 */
export function rowActionAllowed(
  user: SessionUser | null | undefined,
  action: GridRowAction,
  fallbackKey: string | undefined,
): boolean {
  if (action.staffOnly && user?.isAvanco !== true) return false;
  const key = action.permission ?? fallbackKey;
  return !key || checkPermission(user, key, action.level ?? PermissionLevel.ALTERAR);
}

/** Whether a row action shows on this row (its `when` condition holds, or it has none). */
export function rowActionShown(action: GridRowAction, row: unknown): boolean {
  return !action.when || conditionHolds(action.when as Parameters<typeof conditionHolds>[0], row);
}
