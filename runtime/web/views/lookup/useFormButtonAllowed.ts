import { checkPermission } from '../../../core/checkPermission.ts';
import { PermissionLevel } from '../../../core/types.ts';
import { useSession } from '../../app/RuntimeContext.tsx';
import type { LookupScreen } from './lookupTypes.ts';

type FormButton = NonNullable<NonNullable<LookupScreen['form']>['create']>;

/** Whether the user may use a declared form button (none declared: the screen's access suffices). */
export function useFormButtonAllowed() {
  const { user } = useSession();
  return (button: FormButton) =>
    !button.permission ||
    checkPermission(user, button.permission, PermissionLevel[button.level ?? 'ALTERAR']);
}
