import { Box } from '@mui/material';
import { useRuntime } from '../../app/RuntimeContext.tsx';
import { useNotify } from '../../ui/NotifyProvider.tsx';
import { useActionError } from '../../ui/useActionError.tsx';
import type { GridRowAction } from '../list/listTypes.ts';
import { MoreRowActions } from '../list/MoreRowActions.tsx';
import { RowActionButton } from '../list/RowActions.tsx';
import { rowActionShown } from '../list/rowActionAllowed.ts';
import { rowActionSlots } from '../list/rowActionSlots.ts';
import { runRowAction } from '../list/runRowAction.ts';

/**
 * The row buttons of a related list (form section `related` with `rowActions`): the related entity's
 * declared grid row actions the user may take (`actions`, already filtered by permission) whose `when`
 * holds on the row, `inline` of them as buttons and the rest in "Mais ações" as in the entity's grid;
 * `onChanged` after one ran (the list is read again).
 */
export function RelatedRowActions({
  row,
  actions,
  inline,
  onChanged,
}: {
  row: Record<string, unknown>;
  actions: GridRowAction[];
  inline?: number;
  onChanged(): void;
}) {
  const { api } = useRuntime();
  const notify = useNotify();
  const showError = useActionError();
  const run = (action: GridRowAction) =>
    void runRowAction({ api, notify, showError }, action, row).then((ran) => ran && onChanged());
  const shown = actions.filter((action) => rowActionShown(action, row));
  const { menu } = rowActionSlots(shown.length, inline);
  const buttons = menu ? shown.slice(0, inline) : shown;
  return (
    <Box sx={{ display: 'flex', gap: 0.25 }}>
      {buttons.map((action) => (
        <RowActionButton
          key={action.label}
          label={action.label}
          {...(action.tooltip ? { tooltip: action.tooltip } : {})}
          icon={action.icon ?? 'play_arrow'}
          onClick={() => run(action)}
        />
      ))}
      {menu && <MoreRowActions actions={shown.slice(buttons.length)} onAction={run} />}
    </Box>
  );
}
