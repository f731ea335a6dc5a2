import { TOOLTIP_DELAY_MS } from '@asset-portal/shared';
import { createTheme, type ThemeOptions } from '@mui/material/styles';

// The system font stack: everything ships in the bundle, nothing is fetched from a font CDN.
const fontFamily =
  'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif';

// Every tooltip opens after the spec's 700 ms, the next one in a row too.
const components: ThemeOptions['components'] = {
  MuiTooltip: { defaultProps: { enterDelay: TOOLTIP_DELAY_MS, enterNextDelay: TOOLTIP_DELAY_MS } },
};

/** The app's light theme. */
export const appTheme = createTheme({
  typography: { fontFamily },
  components,
  palette: { mode: 'light', primary: { main: '#1f5f8b' }, secondary: { main: '#2e7d32' } },
});

/** The side menu's dark theme. */
export const menuTheme = createTheme({
  typography: { fontFamily },
  components,
  palette: {
    mode: 'dark',
    primary: { main: '#90caf9' },
    background: { paper: '#1b2430', default: '#141b24' },
  },
});
