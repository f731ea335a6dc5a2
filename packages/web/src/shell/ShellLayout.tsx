import { Box } from '@mui/material';
import { useState } from 'react';
import { Outlet } from 'react-router';
import { useSignedInUser } from '../auth/RequireSession.tsx';
import { IdleOverlay } from '../idle/IdleOverlay.tsx';
import { SideMenu } from './SideMenu.tsx';
import { TopBar, type TopBarSlots } from './TopBar.tsx';

const MENU_OPEN_KEY = 'asset-portal.menuOpen';

function readMenuOpen(): boolean {
  try {
    return window.localStorage.getItem(MENU_OPEN_KEY) !== 'false';
  } catch {
    return true;
  }
}

/**
 * The signed-in frame: side menu, top bar, the current screen and the idle watch. The app
 * hands it the features' parts of the top bar, so the frame depends on no feature.
 */
export function ShellLayout(slots: TopBarSlots) {
  const user = useSignedInUser();
  const [menuOpen, setMenuOpen] = useState(readMenuOpen);

  const handleToggleMenu = () => {
    setMenuOpen((open) => {
      try {
        window.localStorage.setItem(MENU_OPEN_KEY, String(!open));
      } catch {
        // Without storage the menu simply opens expanded next time.
      }
      return !open;
    });
  };

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
