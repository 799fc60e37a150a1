import { IconButton, ListItemIcon, ListItemText, Menu, MenuItem, Tooltip } from '@mui/material';
import Icon from '@mui/material/Icon';
import { useState } from 'react';
import type { GridRowAction } from './listTypes.ts';

/** The "Mais ações" button of a row and its menu of the declared actions that are not inline. */
export function MoreRowActions({
  actions,
  onAction,
}: {
  actions: GridRowAction[];
  onAction(action: GridRowAction): void;
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <Tooltip title="Mais ações">
        <IconButton size="small" aria-label="Mais ações" onClick={(event) => setAnchor(event.currentTarget)}>
          <Icon fontSize="small">more_vert</Icon>
        </IconButton>
      </Tooltip>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {actions.map((action) => (
          <MenuItem
            key={action.label}
            onClick={() => {
              setAnchor(null);
              onAction(action);
            }}
          >
            <ListItemIcon>
              <Icon fontSize="small">{action.icon ?? 'play_arrow'}</Icon>
            </ListItemIcon>
            <ListItemText>{action.label}</ListItemText>
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
