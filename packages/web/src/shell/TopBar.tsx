import LogoutIcon from '@mui/icons-material/Logout';
import MenuIcon from '@mui/icons-material/Menu';
import {
  AppBar,
  Box,
  CircularProgress,
  IconButton,
  Toolbar,
  Tooltip,
  Typography,
} from '@mui/material';
import { Link as RouterLink, useNavigation } from 'react-router';
import { useConfig } from '../config/ConfigContext.tsx';
import { UploadMonitorButton } from '../features/uploads/UploadMonitorButton.tsx';
import { inFlightRequests } from '../graphql/in-flight-link.ts';
import { useStore } from '../lib/create-store.ts';
import { ProjectSelector } from './ProjectSelector.tsx';
import { useCurrentRouteMeta } from './route-meta.ts';

interface TopBarProps {
  onToggleMenu(): void;
  menuOpen: boolean;
}

/** Title, activity spinner, project dropdown (on flagged routes) and the upload monitor. */
export function TopBar({ onToggleMenu, menuOpen }: TopBarProps) {
  const config = useConfig();
  const route = useCurrentRouteMeta();
  const requestsInFlight = useStore(inFlightRequests);
  const navigation = useNavigation();
  const busy = requestsInFlight > 0 || navigation.state !== 'idle';

  return (
    <AppBar position="sticky" elevation={1}>
      <Toolbar sx={{ gap: 2 }}>
        <IconButton
          color="inherit"
          edge="start"
          aria-label={menuOpen ? 'Collapse menu' : 'Expand menu'}
          data-testid="menu-toggle"
          onClick={onToggleMenu}
        >
          <MenuIcon />
        </IconButton>
        <Typography variant="h6" component="div" noWrap data-testid="app-title">
          {config.appTitle}
        </Typography>
        <Box sx={{ width: 28, display: 'flex', alignItems: 'center' }}>
          {busy ? (
            <CircularProgress
              size={22}
              color="inherit"
              aria-label="Loading"
              data-testid="loading-spinner"
            />
          ) : null}
        </Box>
        <Box sx={{ flexGrow: 1 }} />
        {route?.showsProjectSelector ? <ProjectSelector /> : null}
        <UploadMonitorButton />
        <Tooltip title="Sign out">
          <IconButton
            color="inherit"
            component={RouterLink}
            to="/logout"
            aria-label="Sign out"
            data-testid="sign-out-button"
          >
            <LogoutIcon />
          </IconButton>
        </Tooltip>
      </Toolbar>
    </AppBar>
  );
}
