import { Box, Paper } from '@mui/material';
import type { ReactNode } from 'react';

/** A card in the middle of an empty page, for the pages outside the shell. */
export function CenteredMessage({ children }: { children: ReactNode }) {
  return (
    <Box sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', bgcolor: 'grey.100' }}>
      <Paper sx={{ p: 4, maxWidth: 520, textAlign: 'center' }} elevation={2}>
        {children}
      </Paper>
    </Box>
  );
}
