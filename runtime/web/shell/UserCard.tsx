import { Avatar, Box, ButtonBase, Menu, MenuItem, Typography } from '@mui/material';
import Icon from '@mui/material/Icon';
import { useState } from 'react';
import type { MenuItem as MenuEntry } from '../../core/types.ts';
import { useSession } from '../app/RuntimeContext.tsx';
import { visuallyHidden } from '../ui/visuallyHidden.ts';
import { BranchSwitcher } from './BranchSwitcher.tsx';
import { branchLabel } from './branchLabel.ts';
import { useMenuAction } from './menu/useMenuAction.ts';

/** The header's user card (name, branch, avatar) with the user menu; "Trocar filial" opens the switcher. */
export function UserCard({ items }: { items: MenuEntry[] }) {
  const { user } = useSession();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [switchingBranch, setSwitchingBranch] = useState(false);
  const run = useMenuAction({ 'trocar-filial': () => setSwitchingBranch(true) });
  const name = user?.nome || user?.email || '';
  return (
    <>
      {/* Named by its content ("Menu do usuário", then the visible name and branch), so the visible
          text is part of the accessible name (WCAG 2.5.3). */}
      <ButtonBase
        onClick={(event) => setAnchor(event.currentTarget)}
        aria-haspopup="menu"
        sx={{ gap: 1, px: 1, py: 0.5, borderRadius: 2, textAlign: 'left', flexShrink: 0, maxWidth: 240 }}
      >
        <Box component="span" sx={visuallyHidden}>
          Menu do usuário
        </Box>
        <Box sx={{ display: { xs: 'none', sm: 'block' }, minWidth: 0 }}>
          <Typography variant="body2" sx={{ fontWeight: 600 }} noWrap>
            {name}
          </Typography>
          <Typography variant="caption" color="text.secondary" noWrap component="div">
            {branchLabel(user?.filialSelecionadaObj)}
          </Typography>
        </Box>
        <Avatar
          src={user?.avatar ?? undefined}
          alt=""
          aria-hidden
          sx={{ bgcolor: 'primary.main', color: 'primary.contrastText', width: 36, height: 36 }}
        >
          {(name || '?').charAt(0).toUpperCase()}
        </Avatar>
      </ButtonBase>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {items.map((entry) => (
          <MenuItem
            key={entry.id}
            onClick={() => {
              setAnchor(null);
              run(entry);
            }}
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
      <BranchSwitcher open={switchingBranch} onClose={() => setSwitchingBranch(false)} />
    </>
  );
}
