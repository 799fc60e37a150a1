import { checkPermission } from '../checkPermission.ts';
import { PermissionLevel, type SessionUser } from '../types.ts';
import type { DocumentAction } from './documentDefinition.ts';
import { matchesConditions } from './matchesConditions.ts';

/**
 * The actions without a state change (entity `actions`) a form shows for a record: those the user may take
 * (the transition's permission rule: its key, default the entity's, at its level, default ALTERAR) whose
 * visibleWhen holds (each listed field holds one of the values; null or absent matches null).
 */
export function visibleActions(
  actions: DocumentAction[] | undefined,
  row: Record<string, unknown>,
  entityPermission: string,
  user: SessionUser | null | undefined,
): DocumentAction[] {
  return (actions ?? []).filter(
    (action) =>
      matchesConditions(action.visibleWhen, row) &&
      checkPermission(user, action.permission ?? entityPermission, action.level ?? PermissionLevel.ALTERAR),
  );
}
