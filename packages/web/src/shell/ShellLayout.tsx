import { Box } from '@mui/material';
import { Outlet } from 'react-router';
import { useSignedInUser } from '../auth/RequireSession.tsx';
import { IdleOverlay } from '../idle/IdleOverlay.tsx';
import { useRememberedSetting } from '../lib/use-remembered-setting.ts';
import { SideMenu } from './SideMenu.tsx';
import { TopBar, type TopBarSlots } from './TopBar.tsx';

const MENU_OPEN_KEY = 'asset-portal.menuOpen';

const readMenuOpen = (stored: string | null) => stored !== 'false';

/**
 * The signed-in frame: side menu, top bar, the current screen and the idle watch. The app
 * hands it the features' parts of the top bar, so the frame depends on no feature.
 */
export function ShellLayout(slots: TopBarSlots) {
  const user = useSignedInUser();
  const [menuOpen, setMenuOpen] = useRememberedSetting(MENU_OPEN_KEY, readMenuOpen);
  const handleToggleMenu = () => setMenuOpen((open) => !open);

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <SideMenu user={user} open={menuOpen} />
      <Box sx={{ flexGrow: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <TopBar onToggleMenu={handleToggleMenu} menuOpen={menuOpen} {...slots} />
        <Box component="main" sx={{ flexGrow: 1, minHeight: 0 }}>
          <Outlet />
        </Box>
      </Box>
      <IdleOverlay />
    </Box>
  );
}
