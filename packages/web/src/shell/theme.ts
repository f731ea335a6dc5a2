import { createTheme } from '@mui/material/styles';

// The system font stack: everything ships in the bundle, nothing is fetched from a font CDN.
const fontFamily =
  'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif';

/** The app's light theme. */
export const appTheme = createTheme({
  typography: { fontFamily },
  palette: { mode: 'light', primary: { main: '#1f5f8b' }, secondary: { main: '#2e7d32' } },
});

/** The side menu's dark theme. */
export const menuTheme = createTheme({
  typography: { fontFamily },
  palette: {
    mode: 'dark',
    primary: { main: '#90caf9' },
    background: { paper: '#1b2430', default: '#141b24' },
  },
});
