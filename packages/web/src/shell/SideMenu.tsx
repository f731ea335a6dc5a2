import { menuEntriesFor } from '@asset-portal/shared';
import {
  Avatar,
  Box,
  Divider,
  Drawer,
  List,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  Tooltip,
  Typography,
} from '@mui/material';
import { ThemeProvider } from '@mui/material/styles';
import { NavLink } from 'react-router';
import type { SessionUser } from '../auth/session.ts';
import { menuIconFor, menuTestIdFor } from './menu-icons.tsx';
import { menuTheme } from './theme.ts';

export const MENU_WIDTH_OPEN = 264;
export const MENU_WIDTH_CLOSED = 64;

interface SideMenuProps {
  user: SessionUser;
  open: boolean;
}

/** The dark side menu: who is signed in, then the screens this user type may open. */
export function SideMenu({ user, open }: SideMenuProps) {
  const width = open ? MENU_WIDTH_OPEN : MENU_WIDTH_CLOSED;
  const entries = menuEntriesFor(user.userType);

  return (
    <ThemeProvider theme={menuTheme}>
      <Drawer
        variant="permanent"
        data-testid="side-menu"
        sx={{
          width,
          flexShrink: 0,
          transition: 'width 150ms',
          '& .MuiDrawer-paper': { width, overflowX: 'hidden', transition: 'width 150ms' },
        }}
      >
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, px: 1.5, py: 0, height: 64 }}>
          <Avatar sx={{ width: 40, height: 40, bgcolor: 'primary.dark', flexShrink: 0 }}>
            {initials(user.name)}
          </Avatar>
          {/* Collapsed, the names stay in the page for screen readers and tests. */}
          <Box sx={open ? { minWidth: 0 } : visuallyHidden}>
            <Typography noWrap sx={{ fontWeight: 600 }} data-testid="user-name">
              {user.name}
            </Typography>
            <Typography noWrap variant="body2" color="text.secondary" data-testid="org-name">
              {user.organization.name}
            </Typography>
          </Box>
        </Box>
        <Divider />
        <List component="nav" aria-label="Main menu">
          {entries.map((entry) => (
            <Tooltip key={entry.name} title={open ? '' : (entry.menuLabel ?? '')} placement="right">
              <ListItemButton
                component={NavLink}
                to={entry.path}
                end
                data-testid={menuTestIdFor(entry.path)}
                sx={{
                  minHeight: 44,
                  px: 2.5,
                  '&.active': {
                    bgcolor: 'action.selected',
                    boxShadow: (theme) => `inset 3px 0 ${theme.palette.primary.main}`,
                  },
                  // The dark menu's own focus tint is too faint to follow with a keyboard.
                  '&.Mui-focusVisible': {
                    outline: (theme) => `2px solid ${theme.palette.primary.light}`,
                    outlineOffset: -2,
                  },
                }}
              >
                <ListItemIcon sx={{ minWidth: 40 }}>{menuIconFor(entry.name)}</ListItemIcon>
                {/* Collapsed, the entry keeps its name for screen readers and tests. */}
                <ListItemText
                  primary={entry.menuLabel}
                  slotProps={{ primary: { noWrap: true } }}
                  sx={open ? undefined : visuallyHidden}
                />
              </ListItemButton>
            </Tooltip>
          ))}
        </List>
      </Drawer>
    </ThemeProvider>
  );
}

const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  return words
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase() ?? '')
    .join('');
}
