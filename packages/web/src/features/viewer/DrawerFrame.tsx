import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import { Box, IconButton, LinearProgress, Paper, Tooltip } from '@mui/material';
import { type ReactNode, useState } from 'react';
import { useRememberedSetting } from '../../lib/use-remembered-setting.ts';

type DrawerSide = 'left' | 'right';

const SIDE_KEY = 'asset-portal.viewerDrawerSide';
const DRAWER_WIDTH = 380;
// The narrowest main area beside the drawer that still fits the panel tabs' labels. A narrower
// frame (a 1280-pixel window zoomed to 150 % leaves it about 590) puts the drawer above it.
const MAIN_MIN_WIDTH = 360;
const STACKED = `@container (width < ${DRAWER_WIDTH + MAIN_MIN_WIDTH}px)`;

const readSide = (stored: string | null): DrawerSide => (stored === 'right' ? 'right' : 'left');

/**
 * The scan drawer beside the main area, on the side the user chose (remembered), and folded
 * away to a thin rail when the map needs the room. In a narrow frame the drawer goes above the
 * main area (below it on the right side); a frame too short for them scrolls.
 */
export function DrawerFrame({
  drawer,
  loading,
  initiallyOpen = true,
  mainMinHeight,
  children,
}: {
  drawer: ReactNode;
  /** The Full Viewer starts with the drawer folded, leaving the room to the 3D view. */
  initiallyOpen?: boolean;
  loading: boolean;
  /** The main area's least height: a shorter frame scrolls instead of squeezing it. */
  mainMinHeight?: number;
  children: ReactNode;
}) {
  const [side, setSide] = useRememberedSetting(SIDE_KEY, readSide);
  const [open, setOpen] = useState(initiallyOpen);

  const handleSwapSide = () => setSide((current) => (current === 'left' ? 'right' : 'left'));

  const headerDirection = side === 'left' ? 'row-reverse' : 'row';
  const foldIcon =
    (side === 'left') === open ? (
      <ChevronLeftIcon fontSize="small" />
    ) : (
      <ChevronRightIcon fontSize="small" />
    );

  const panel = (
    <Paper
      square
      elevation={0}
      data-testid="viewer-drawer"
      data-side={side}
      sx={{
        width: open ? DRAWER_WIDTH : 40,
        flexShrink: 0,
        display: 'flex',
        flexDirection: 'column',
        minHeight: 0,
        [side === 'left' ? 'borderRight' : 'borderLeft']: 1,
        borderColor: 'divider',
        [STACKED]: {
          width: 'auto',
          [side === 'left' ? 'borderRight' : 'borderLeft']: 0,
          [side === 'left' ? 'borderBottom' : 'borderTop']: 1,
        },
      }}
    >
      <Box
        sx={{
          display: 'flex',
          flexDirection: open ? headerDirection : 'column',
          justifyContent: 'space-between',
          [STACKED]: { flexDirection: headerDirection },
        }}
      >
        <Tooltip title={open ? 'Hide the scan list' : 'Show the scan list'}>
          <IconButton
            size="small"
            aria-label={open ? 'Hide the scan list' : 'Show the scan list'}
            onClick={() => setOpen(!open)}
          >
            {foldIcon}
          </IconButton>
        </Tooltip>
        <Tooltip title="Move the scan list to the other side">
          <IconButton
            size="small"
            aria-label="Move the scan list to the other side"
            onClick={handleSwapSide}
          >
            <SwapHorizIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      </Box>
      {loading ? <LinearProgress data-testid="scans-loading" /> : null}
      <Box
        sx={{
          display: open ? 'flex' : 'none',
          flexDirection: 'column',
          flexGrow: 1,
          minHeight: 0,
          overflowY: 'auto',
        }}
      >
        {drawer}
      </Box>
    </Paper>
  );

  return (
    <Box sx={{ flexGrow: 1, minWidth: 0, height: '100%', containerType: 'inline-size' }}>
      <Box
        sx={{
          display: 'flex',
          height: '100%',
          overflowY: 'auto',
          [STACKED]: { flexDirection: 'column' },
        }}
      >
        {side === 'left' ? panel : null}
        <Box sx={{ flexGrow: 1, minWidth: 0, height: '100%', minHeight: mainMinHeight }}>
          {children}
        </Box>
        {side === 'right' ? panel : null}
      </Box>
    </Box>
  );
}
