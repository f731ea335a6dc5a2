import HourglassEmptyIcon from '@mui/icons-material/HourglassEmpty';
import { Chip, Tooltip } from '@mui/material';
import type { WatchedProcessing } from './processing-watch.ts';

/** Beside a scan's versions: the one submitted from this page, being made, or failed (why). */
export function ProcessingChip({
  processing,
  testId,
}: {
  processing: WatchedProcessing;
  testId: string;
}) {
  if (processing.status === 'Processing') {
    return (
      <Chip
        size="small"
        variant="outlined"
        icon={<HourglassEmptyIcon />}
        label={`${processing.name}: processing`}
        data-testid={testId}
      />
    );
  }
  const chip = (
    <Chip
      size="small"
      color="error"
      variant="outlined"
      label={`${processing.name}: failed`}
      data-testid={testId}
      // Focusable, so that the reason is read from the keyboard as well as on hover.
      tabIndex={processing.message ? 0 : undefined}
    />
  );
  return processing.message ? (
    <Tooltip title={processing.message} describeChild>
      {chip}
    </Tooltip>
  ) : (
    chip
  );
}
