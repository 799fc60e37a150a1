import { AppBar, Box, ButtonBase, IconButton, Toolbar, Tooltip, Typography } from '@mui/material';
import Icon from '@mui/material/Icon';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { useSession, useTenant } from '../app/RuntimeContext.tsx';
import { AlertsBell } from './alerts/AlertsBell.tsx';
import { FavoritesStrip } from './favorites/FavoritesStrip.tsx';
import { FavoriteToggle } from './favorites/FavoriteToggle.tsx';
import type { Menus } from './menu/useMenus.ts';
import { NewsWizard } from './NewsWizard.tsx';
import { NpsDialog } from './NpsDialog.tsx';
import { ReportsButton } from './reports/ReportsButton.tsx';
import { SettingsMenu } from './SettingsMenu.tsx';
import { UserCard } from './UserCard.tsx';
import { useHeaderReady } from './useHeaderReady.ts';

/**
 * Top header of spec 000 §2.6: menu toggle, logo (home), favourites strip (desktop) and heart, reports,
 * alerts, the eye button of the administrative panel user, settings and the user card. The parts that
 * need the user start once it is known (useHeaderReady).
 */
export function Header({ onToggleMenu, menus }: { onToggleMenu: () => void; menus: Menus }) {
  const { config } = useTenant();
  const { user } = useSession();
  const navigate = useNavigate();
  const ready = useHeaderReady();
  return (
    <AppBar position="fixed" color="inherit" sx={{ zIndex: (theme) => theme.zIndex.drawer + 1 }}>
      <Toolbar sx={{ gap: { xs: 0, sm: 0.5 }, px: { xs: 1, sm: 2 } }}>
        <IconButton edge="start" aria-label="Abrir ou fechar o menu" onClick={onToggleMenu}>
          <Icon>menu</Icon>
        </IconButton>
        <ButtonBase
          component={RouterLink}
          to="/pages/dashboard"
          aria-label={`${config.title}: início`}
          sx={{ borderRadius: 1, px: 1, flexShrink: 1, minWidth: 0 }}
        >
          {config.imagens?.logo ? (
            <Box
              component="img"
              src={config.imagens.logo}
              alt={config.title}
              sx={{ height: { xs: 28, sm: 32 }, maxWidth: { xs: 120, sm: 180 }, objectFit: 'contain' }}
            />
          ) : (
            <Typography variant="h6" color="primary" noWrap>
              {config.title}
            </Typography>
          )}
        </ButtonBase>
        {ready ? <FavoritesStrip menus={menus} /> : null}
        <Box sx={{ flexGrow: 1, display: { xs: 'block', md: ready ? 'none' : 'block' } }} />
        {ready && <FavoriteToggle menus={menus} />}
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
        <UserCard items={menus.user} />
      </Toolbar>
      {ready && <NewsWizard />}
      {ready && <NpsDialog />}
    </AppBar>
  );
}
