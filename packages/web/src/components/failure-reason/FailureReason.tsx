import { Typography } from '@mui/material';

/**
 * Why something failed, written under its status chip: the user has to read it to mend the file,
 * so it is not hidden in a tooltip.
 */
export function FailureReason({ reason, testId }: { reason: string; testId: string }) {
  return (
    <Typography
      variant="caption"
      color="error"
      sx={{ overflowWrap: 'anywhere' }}
      data-testid={testId}
    >
      {reason}
    </Typography>
  );
}
