import { Box, Paper, Typography } from '@mui/material';
import { STATUS_COLORS, STATUS_LABELS } from './map-colors.ts';
import type { MapScanStatus } from './types.ts';

const ORDER: MapScanStatus[] = ['Final', 'Provisional', 'Exception'];

/** Which path colour means which scan status. */
export function MapLegend() {
  return (
    <Paper
      elevation={2}
      data-testid="map-legend"
      sx={{ position: 'absolute', left: 8, bottom: 36, px: 1.25, py: 0.75, opacity: 0.92 }}
    >
      {ORDER.map((status) => (
        <Box key={status} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <Box
            sx={{ width: 18, height: 4, borderRadius: 2, bgcolor: STATUS_COLORS[status] }}
            aria-hidden
          />
          <Typography variant="caption">{STATUS_LABELS[status]}</Typography>
        </Box>
      ))}
    </Paper>
  );
}
