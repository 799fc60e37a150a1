import {
  AppBar,
  Avatar,
  Box,
  ButtonBase,
  IconButton,
  Menu,
  MenuItem,
  Toolbar,
  Tooltip,
  Typography,
} from '@mui/material';
import Icon from '@mui/material/Icon';
import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import type { MenuItem as MenuEntry } from '../../core/types.ts';
import { useSession, useTenant } from '../app/RuntimeContext.tsx';
import { AlertsBell } from './alerts/AlertsBell.tsx';
import { BranchSwitcher } from './BranchSwitcher.tsx';
import { FavoritesStrip } from './favorites/FavoritesStrip.tsx';
import { FavoriteToggle } from './favorites/FavoriteToggle.tsx';
import type { Menus } from './menu/useMenus.ts';
import { NewsWizard } from './NewsWizard.tsx';
import { ReportsButton } from './reports/ReportsButton.tsx';
import { SettingsMenu } from './SettingsMenu.tsx';

/** Branch line of the user card (spec 000 §2.6): nickname, else name, else "Filial: Não informado". */
export function branchLabel(
  filial: { apelido?: string | null; nome?: string | null } | null | undefined,
): string {
  return filial?.apelido || filial?.nome || 'Filial: Não informado';
}

/** Top header of spec 000 §2.6 (favourites, alerts and reports plug in beside the settings menu). */
export function Header({ onToggleMenu, menus }: { onToggleMenu: () => void; menus: Menus }) {
  const { config } = useTenant();
  const { user } = useSession();
  const navigate = useNavigate();
  const [userAnchor, setUserAnchor] = useState<HTMLElement | null>(null);
  const [switchingBranch, setSwitchingBranch] = useState(false);
  const runUserEntry = (entry: MenuEntry) => {
    setUserAnchor(null);
    if (entry.link) navigate(entry.link);
    else if (entry.action === 'logout') navigate('/auth/logout');
    else if (entry.action === 'trocar-filial') setSwitchingBranch(true);
  };
  return (
    <AppBar position="fixed" color="inherit" sx={{ zIndex: (theme) => theme.zIndex.drawer + 1 }}>
      <Toolbar sx={{ gap: 1 }}>
        <IconButton edge="start" aria-label="Abrir ou fechar o menu" onClick={onToggleMenu}>
          <Icon>menu</Icon>
        </IconButton>
        <ButtonBase
          component={RouterLink}
          to="/pages/dashboard"
          aria-label={`${config.title}: início`}
          sx={{ borderRadius: 1, px: 1 }}
        >
          {config.imagens?.logo ? (
            <Box component="img" src={config.imagens.logo} alt={config.title} sx={{ height: 32 }} />
          ) : (
            <Typography variant="h6" color="primary">
              {config.title}
            </Typography>
          )}
        </ButtonBase>
        <FavoritesStrip menus={menus} />
        <Box sx={{ flexGrow: 1 }} />
        <FavoriteToggle menus={menus} />
        <ReportsButton />
        <AlertsBell />
        {user?.painelAdministrativo && (
          <Tooltip title="Ver conta do cliente">
            <IconButton
              aria-label="Ver conta do cliente"
              onClick={() => navigate('/pages/configuracoes/empresas')}
            >
              <Icon>visibility</Icon>
            </IconButton>
          </Tooltip>
        )}
        <SettingsMenu items={menus.settings} />
        <ButtonBase
          onClick={(event) => setUserAnchor(event.currentTarget)}
          aria-label="Menu do usuário"
          sx={{ gap: 1, px: 1, py: 0.5, borderRadius: 2, textAlign: 'left' }}
        >
          <Box sx={{ display: { xs: 'none', sm: 'block' } }}>
            <Typography variant="body2" sx={{ fontWeight: 600 }} noWrap>
              {user?.nome || user?.email}
            </Typography>
            <Typography variant="caption" color="text.secondary" noWrap component="div">
              {branchLabel(user?.filialSelecionadaObj)}
            </Typography>
          </Box>
          <Avatar
            src={user?.avatar ?? undefined}
            alt={user?.nome ?? ''}
            sx={{ bgcolor: 'primary.main', width: 36, height: 36 }}
          >
            {(user?.nome || user?.email || '?').charAt(0).toUpperCase()}
          </Avatar>
        </ButtonBase>
        <Menu anchorEl={userAnchor} open={userAnchor !== null} onClose={() => setUserAnchor(null)}>
          {menus.user.map((entry) => (
            <MenuItem key={entry.id} onClick={() => runUserEntry(entry)}>
              {entry.icon && (
                <Icon fontSize="small" sx={{ mr: 1.5 }}>
                  {entry.icon}
                </Icon>
              )}
              {entry.title}
            </MenuItem>
          ))}
        </Menu>
      </Toolbar>
      <BranchSwitcher open={switchingBranch} onClose={() => setSwitchingBranch(false)} />
      <NewsWizard />
    </AppBar>
  );
}
