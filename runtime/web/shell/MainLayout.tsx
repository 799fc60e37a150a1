import { Box, Drawer, Toolbar, useMediaQuery, useTheme } from '@mui/material';
import { useState } from 'react';
import { Outlet } from 'react-router-dom';
import { useSession } from '../app/RuntimeContext.tsx';
import { useSchemasLiveReload } from '../realtime/useSchemasLiveReload.ts';
import { Header } from './Header.tsx';
import { SideMenu } from './menu/SideMenu.tsx';
import { useMenus } from './menu/useMenus.ts';

const DRAWER_WIDTH = 264;

/** Header + main menu + routed page; the administrative-panel user gets the panel menu, the admin area its own. */
export function MainLayout({ area }: { area: 'pages' | 'administrador' }) {
  const theme = useTheme();
  const desktop = useMediaQuery(theme.breakpoints.up('md'));
  const [open, setOpen] = useState(true);
  const [mobileOpen, setMobileOpen] = useState(false);
  const menus = useMenus();
  useSchemasLiveReload();
  const { user } = useSession();
  const items =
    area === 'administrador' ? menus.admin : user?.painelAdministrativo ? menus.painel : menus.main;
  const label = area === 'administrador' ? 'Menu do administrador' : 'Menu principal';
  const drawer = (
    <>
      <Toolbar />
      <Box sx={{ overflowY: 'auto', pb: 4 }}>
        <SideMenu items={items} label={label} onNavigate={desktop ? undefined : () => setMobileOpen(false)} />
      </Box>
    </>
  );
  const toggle = () => (desktop ? setOpen((value) => !value) : setMobileOpen((value) => !value));
  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <Header onToggleMenu={toggle} menus={menus} />
      {desktop ? (
        <Drawer
          variant="persistent"
          open={open}
          sx={{
            width: open ? DRAWER_WIDTH : 0,
            flexShrink: 0,
            transition: theme.transitions.create('width'),
            '& .MuiDrawer-paper': { width: DRAWER_WIDTH, boxSizing: 'border-box' },
          }}
        >
          {drawer}
        </Drawer>
      ) : (
        <Drawer
          variant="temporary"
          open={mobileOpen}
          onClose={() => setMobileOpen(false)}
          sx={{ '& .MuiDrawer-paper': { width: DRAWER_WIDTH } }}
        >
          {drawer}
        </Drawer>
      )}
      <Box component="main" sx={{ flexGrow: 1, minWidth: 0, bgcolor: 'background.default' }}>
        <Toolbar />
        <Box sx={{ p: { xs: 2, md: 3 } }}>
          <Outlet />
        </Box>
      </Box>
    </Box>
  );
}
