import { Divider, IconButton, ListSubheader, Menu, MenuItem, Tooltip } from '@mui/material';
import Icon from '@mui/material/Icon';
import { useState } from 'react';
import type { MenuItem as MenuEntry } from '../../core/types.ts';
import { useMenuAction } from './menu/useMenuAction.ts';

/** The gear menu: the settings catalogue of spec 001 §2.4, grouped. */
export function SettingsMenu({ items }: { items: MenuEntry[] }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const run = useMenuAction();
  if (items.length === 0) return null;
  const open = (entry: MenuEntry) => {
    setAnchor(null);
    run(entry);
  };
  const leaf = (entry: MenuEntry) => (
    <MenuItem key={entry.id} onClick={() => open(entry)} dense>
      {entry.icon && (
        <Icon fontSize="small" sx={{ mr: 1.5, color: 'text.secondary' }}>
          {entry.icon}
        </Icon>
      )}
      {entry.title}
    </MenuItem>
  );
  return (
    <>
      <Tooltip title="Configurações">
        <IconButton aria-label="Configurações" onClick={(event) => setAnchor(event.currentTarget)}>
          <Icon>settings</Icon>
        </IconButton>
      </Tooltip>
      <Menu
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        slotProps={{ paper: { sx: { maxHeight: 520, minWidth: 280 } } }}
      >
        {items.flatMap((entry, index) =>
          entry.children?.length
            ? [
                ...(index > 0 ? [<Divider key={`${entry.id}-divider`} />] : []),
                <ListSubheader key={`${entry.id}-title`} sx={{ lineHeight: '32px' }}>
                  {entry.title}
                </ListSubheader>,
                ...entry.children.map(leaf),
              ]
            : [leaf(entry)],
        )}
      </Menu>
    </>
  );
}
