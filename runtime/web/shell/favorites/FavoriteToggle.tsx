import { IconButton, Tooltip } from '@mui/material';
import Icon from '@mui/material/Icon';
import { useLocation } from 'react-router-dom';
import type { Menus } from '../menu/useMenus.ts';
import { menuEntryForPath } from './menuEntryForPath.ts';
import { useFavorites } from './useFavorites.ts';

/** The heart of the header for the current page (spec 000 §2.6, §5); hidden for accountants. */
export function FavoriteToggle({ menus }: { menus: Menus }) {
  const { leaves, canChange, busy, isFavorite, toggle } = useFavorites(menus);
  const { pathname } = useLocation();
  if (!canChange) return null;
  const entry = menuEntryForPath(leaves, pathname);
  const favorite = isFavorite(entry);
  const label = favorite ? 'Remover dos favoritos' : 'Adicionar aos favoritos';
  return (
    <Tooltip title={label}>
      <span>
        <IconButton
          aria-label={label}
          aria-pressed={favorite}
          disabled={busy}
          onClick={() => void toggle(entry)}
          sx={{ color: favorite ? 'error.main' : undefined }}
        >
          <Icon>{favorite ? 'favorite' : 'favorite_border'}</Icon>
        </IconButton>
      </span>
    </Tooltip>
  );
}
