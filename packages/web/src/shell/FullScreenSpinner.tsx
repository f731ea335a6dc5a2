import { Box, CircularProgress } from '@mui/material';

/** Fills the window with a spinner while the session is unknown or sign-in is starting. */
export function FullScreenSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <Box
      data-testid="full-screen-spinner"
      sx={{ position: 'fixed', inset: 0, display: 'grid', placeItems: 'center' }}
    >
      <CircularProgress aria-label={label} />
    </Box>
  );
}
