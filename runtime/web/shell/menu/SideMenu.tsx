import { Collapse, List, ListItemButton, ListItemIcon, ListItemText } from '@mui/material';
import Icon from '@mui/material/Icon';
import { useEffect, useState } from 'react';
import { NavLink, useLocation } from 'react-router-dom';
import type { MenuItem } from '../../../core/types.ts';
import { useMenuAction } from './useMenuAction.ts';

function containsPath(item: MenuItem, path: string): boolean {
  if (item.link && (path === item.link || path.startsWith(`${item.link}/`))) return true;
  return item.children?.some((child) => containsPath(child, path)) ?? false;
}

function Entry({ item, depth, onNavigate }: { item: MenuItem; depth: number; onNavigate?: () => void }) {
  const { pathname } = useLocation();
  const run = useMenuAction();
  const [open, setOpen] = useState(() => item.expanded === true || containsPath(item, pathname));
  const holdsCurrentPage = Boolean(item.children?.length) && containsPath(item, pathname);
  // Arriving at a page by other means (favourites, links) opens its group too.
  useEffect(() => {
    if (holdsCurrentPage) setOpen(true);
  }, [holdsCurrentPage]);
  const padding = 2 + depth * 2;
  if (item.children?.length) {
    return (
      <>
        <ListItemButton onClick={() => setOpen((value) => !value)} sx={{ pl: padding }} aria-expanded={open}>
          {item.icon && (
            <ListItemIcon sx={{ minWidth: 36 }}>
              <Icon fontSize="small">{item.icon}</Icon>
            </ListItemIcon>
          )}
          <ListItemText primary={item.title} slotProps={{ primary: { sx: { fontWeight: 500 } } }} />
          <Icon fontSize="small">{open ? 'expand_less' : 'expand_more'}</Icon>
        </ListItemButton>
        <Collapse in={open} timeout="auto" unmountOnExit>
          {/* A div, not a ul: the entries are links and buttons, not list items (axe "list"). */}
          <List component="div" disablePadding dense>
            {item.children.map((child) => (
              <Entry key={child.id} item={child} depth={depth + 1} onNavigate={onNavigate} />
            ))}
          </List>
        </Collapse>
      </>
    );
  }
  const linkProps = item.link
    ? { component: NavLink, to: item.link, onClick: onNavigate }
    : item.url
      ? { component: 'a', href: item.url, target: '_blank', rel: 'noopener noreferrer' }
      : {
          onClick: () => {
            run(item);
            onNavigate?.();
          },
        };
  return (
    <ListItemButton
      {...linkProps}
      sx={{ pl: padding, '&.active': { bgcolor: 'action.selected', color: 'primary.main', fontWeight: 600 } }}
    >
      {item.icon && (
        <ListItemIcon sx={{ minWidth: 36, color: 'inherit' }}>
          <Icon fontSize="small">{item.icon}</Icon>
        </ListItemIcon>
      )}
      <ListItemText primary={item.title} />
    </ListItemButton>
  );
}

/** The main menu as a nested list (groups collapse; the group of the current page starts open). */
export function SideMenu({
  items,
  onNavigate,
  label,
}: {
  items: MenuItem[];
  onNavigate?: () => void;
  label: string;
}) {
  return (
    <List component="nav" aria-label={label} dense>
      {items.map((item) => (
        <Entry key={item.id} item={item} depth={0} onNavigate={onNavigate} />
      ))}
    </List>
  );
}
