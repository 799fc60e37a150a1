import { Box, IconButton, Tooltip } from '@mui/material';
import Icon from '@mui/material/Icon';
import type { GridRowAction, RecordRow } from './listTypes.ts';
import { MoreRowActions } from './MoreRowActions.tsx';
import { rowActionShown } from './rowActionAllowed.ts';
import { rowActionSlots } from './rowActionSlots.ts';

export interface RowActionHandlers {
  canEdit: boolean;
  canView: boolean;
  canCopy: boolean;
  canDelete: boolean;
  onEdit(row: RecordRow): void;
  onCopy(row: RecordRow): void;
  onDelete(row: RecordRow): void;
  /** The grid's declared row actions the user may take (after the built-in ones). */
  extra?: GridRowAction[];
  /** How many of them a row shows as buttons; the rest go into the "Mais ações" menu (grid `rowActionsInline`). */
  inline?: number;
  onAction?(action: GridRowAction, row: RecordRow): void;
}

/** One row button (RowActionButton, also of the lookups' rows): an icon with its accessible name and a tooltip (the label unless `tooltip`). */
function Action({
  label,
  tooltip,
  icon,
  color,
  onClick,
}: {
  label: string;
  tooltip?: string;
  icon: string;
  color?: 'error';
  onClick(): void;
}) {
  return (
    <Tooltip title={tooltip ?? label}>
      <IconButton size="small" aria-label={label} color={color ?? 'default'} onClick={onClick}>
        <Icon fontSize="small">{icon}</Icon>
      </IconButton>
    </Tooltip>
  );
}

/** The row-actions cell: Editar (or Visualizar for view-only users), Copiar, Excluir and the grid's declared actions, by permission. */
export function RowActions({ row, handlers }: { row: RecordRow | undefined; handlers: RowActionHandlers }) {
  if (!row) return null;
  const shown = (handlers.extra ?? []).filter((action) => rowActionShown(action, row));
  const { menu } = rowActionSlots(shown.length, handlers.inline);
  const inline = menu ? shown.slice(0, handlers.inline) : shown;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', height: '100%', gap: 0.25 }}>
      {handlers.canEdit ? (
        <Action label="Editar" icon="edit" onClick={() => handlers.onEdit(row)} />
      ) : handlers.canView ? (
        <Action label="Visualizar" icon="visibility" onClick={() => handlers.onEdit(row)} />
      ) : null}
      {handlers.canCopy && <Action label="Copiar" icon="content_copy" onClick={() => handlers.onCopy(row)} />}
      {handlers.canDelete && (
        <Action label="Excluir" icon="delete" color="error" onClick={() => handlers.onDelete(row)} />
      )}
      {inline.map((action) => (
        <Action
          key={action.label}
          label={action.label}
          tooltip={action.tooltip}
          icon={action.icon ?? 'play_arrow'}
          onClick={() => handlers.onAction?.(action, row)}
        />
      ))}
      {menu && (
        <MoreRowActions
          actions={shown.slice(inline.length)}
          onAction={(action) => handlers.onAction?.(action, row)}
        />
      )}
    </Box>
  );
}

export { Action as RowActionButton };
