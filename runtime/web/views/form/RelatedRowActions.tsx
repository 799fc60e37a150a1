import { Box } from '@mui/material';
import { useRuntime } from '../../app/RuntimeContext.tsx';
import { useNotify } from '../../ui/NotifyProvider.tsx';
import { useActionError } from '../../ui/useActionError.tsx';
import type { GridRowAction } from '../list/listTypes.ts';
import { RowActionButton } from '../list/RowActions.tsx';
import { rowActionShown } from '../list/rowActionAllowed.ts';
import { runRowAction } from '../list/runRowAction.ts';

/**
 * The row buttons of a related list (form section `related` with `rowActions`): the related entity's
 * declared grid row actions the user may take (`actions`, already filtered by permission) whose `when`
 * holds on the row; `onChanged` after one ran (the list is read again).
 */
export function RelatedRowActions({
  row,
  actions,
  onChanged,
}: {
  row: Record<string, unknown>;
  actions: GridRowAction[];
  onChanged(): void;
}) {
  const { api } = useRuntime();
  const notify = useNotify();
  const showError = useActionError();
  return (
    <Box sx={{ display: 'flex', gap: 0.25 }}>
      {actions
        .filter((action) => rowActionShown(action, row))
        .map((action) => (
          <RowActionButton
            key={action.label}
            label={action.label}
            {...(action.tooltip ? { tooltip: action.tooltip } : {})}
            icon={action.icon ?? 'play_arrow'}
            onClick={() =>
              void runRowAction({ api, notify, showError }, action, row).then((ran) => ran && onChanged())
            }
          />
        ))}
    </Box>
  );
}
