import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { Box, Button, Typography } from '@mui/material';
import { frameCounterText, frameTimeText } from './frame-stepping.ts';

/** Previous / 'Frame i of n' and the capture time / Next. */
export function FrameStepper({
  index,
  count,
  capturedAt,
  onStep,
}: {
  index: number;
  count: number;
  capturedAt: string | null | undefined;
  onStep(step: -1 | 1): void;
}) {
  const time = frameTimeText(capturedAt);
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      <Button
        size="small"
        startIcon={<ChevronLeftIcon />}
        onClick={() => onStep(-1)}
        disabled={index <= 0}
      >
        Previous
      </Button>
      <Box sx={{ flex: 1, textAlign: 'center', minWidth: 0 }}>
        <Typography variant="body2" data-testid="frame-counter">
          {frameCounterText(index, count)}
        </Typography>
        <Typography variant="caption" color="text.secondary" data-testid="frame-time">
          {time ?? '\u00a0'}
        </Typography>
      </Box>
      <Button
        size="small"
        endIcon={<ChevronRightIcon />}
        onClick={() => onStep(1)}
        disabled={index >= count - 1}
      >
        Next
      </Button>
    </Box>
  );
}
