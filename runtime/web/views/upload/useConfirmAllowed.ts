import { checkPermission } from '../../../core/checkPermission.ts';
import { PermissionLevel } from '../../../core/types.ts';
import { useSession } from '../../app/RuntimeContext.tsx';
import type { UploadScreen } from './uploadTypes.ts';

/** Whether the user holds the level (default CRIAR) of the permission an upload's confirmation declares. */
export function useConfirmAllowed(confirm: UploadScreen['confirm']): boolean {
  const { user } = useSession();
  return (
    !confirm.permission ||
    checkPermission(user, confirm.permission, PermissionLevel[confirm.level ?? 'CRIAR'])
  );
}
