import { Box, Chip, IconButton, Menu, MenuItem, Tooltip } from '@mui/material';
import Icon from '@mui/material/Icon';
import { useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import type { MenuItem as MenuEntry } from '../../../core/types.ts';
import type { Menus } from '../menu/useMenus.ts';
import { useFavorites } from './useFavorites.ts';
import { useFittingCount } from './useFittingCount.ts';

/** Widest a chip may get (longer titles end in "…"), the gap between chips, the "more" button's width. */
const CHIP_MAX_WIDTH = 168;
const GAP = 4;
const MORE_WIDTH = 40;

/**
 * The favourites strip of the header (spec 000 §2.6), desktop only: one chip per favourite page with
 * its menu icon and title; what does not fit goes to a "more" menu.
 */
export function FavoritesStrip({ menus }: { menus: Menus }) {
  const { entries } = useFavorites(menus);
  const { pathname } = useLocation();
  const { container, measure, fitting } = useFittingCount(entries.length, GAP, MORE_WIDTH);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const visible = entries.slice(0, fitting);
  const hidden = entries.slice(fitting);
  const chip = (entry: MenuEntry, asLink: boolean) => (
    <Chip
      key={entry.id}
      {...(asLink ? { component: RouterLink, to: entry.link ?? '/pages/dashboard', clickable: true } : {})}
      size="small"
      variant={pathname === entry.link ? 'filled' : 'outlined'}
      color={pathname === entry.link ? 'primary' : 'default'}
      icon={entry.icon ? <Icon sx={{ fontSize: '18px !important' }}>{entry.icon}</Icon> : undefined}
      label={entry.title}
      title={asLink ? entry.title : undefined}
      sx={{ maxWidth: CHIP_MAX_WIDTH, flexShrink: 0 }}
    />
  );
  return (
    <Box
      ref={container}
      component="nav"
      aria-label="Favoritos"
      sx={{
        display: { xs: 'none', md: 'flex' },
        alignItems: 'center',
        gap: `${GAP}px`,
        flex: '1 1 0',
        minWidth: 0,
        overflow: 'hidden',
        position: 'relative',
        mx: 1,
      }}
    >
      {/* An invisible copy of every chip, only to measure how many fit. */}
      <Box
        ref={measure}
        aria-hidden
        sx={{ position: 'absolute', top: 0, left: 0, display: 'flex', gap: `${GAP}px`, visibility: 'hidden' }}
      >
        {entries.map((entry) => chip(entry, false))}
      </Box>
      {visible.map((entry) => chip(entry, true))}
      {hidden.length > 0 && (
        <>
          <Tooltip title="Mais favoritos">
            <IconButton
              size="small"
              aria-label="Mais favoritos"
              onClick={(event) => setAnchor(event.currentTarget)}
            >
              <Icon>more_horiz</Icon>
            </IconButton>
          </Tooltip>
          <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
            {hidden.map((entry) => (
              <MenuItem
                key={entry.id}
                component={RouterLink}
                to={entry.link ?? '/pages/dashboard'}
                onClick={() => setAnchor(null)}
                dense
              >
                {entry.icon && (
                  <Icon fontSize="small" sx={{ mr: 1.5, color: 'text.secondary' }}>
                    {entry.icon}
                  </Icon>
                )}
                {entry.title}
              </MenuItem>
            ))}
          </Menu>
        </>
      )}
    </Box>
  );
}
