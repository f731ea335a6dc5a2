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
import type { ReactNode } from 'react';
import { Link as RouterLink, useNavigation } from 'react-router';
import { useConfig } from '../config/ConfigContext.tsx';
import { inFlightRequests } from '../graphql/in-flight-link.ts';
import { useStore } from '../lib/create-store.ts';
import { useCurrentRouteMeta } from './route-meta.ts';

/** What the features put in the top bar; the frame itself knows no feature. */
export interface TopBarSlots {
  /** Shown on routes flagged `showsProjectSelector`. */
  projectSelector?: ReactNode;
  /** Buttons before 'Sign out', e.g. the upload monitor. */
  actions?: ReactNode;
}

interface TopBarProps extends TopBarSlots {
  onToggleMenu(): void;
  menuOpen: boolean;
}

/** Title, activity spinner, the project dropdown (on flagged routes) and the features' actions. */
export function TopBar({ onToggleMenu, menuOpen, projectSelector, actions }: TopBarProps) {
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
        {route?.showsProjectSelector ? projectSelector : null}
        {actions}
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
