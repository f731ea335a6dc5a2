import { NO_STORED_CLOUD, UNSTORED_LEFT_OUT } from '@asset-portal/shared';
import { Alert, Typography } from '@mui/material';

/**
 * Names the chosen scans whose point clouds the portal does not hold, in the Process and Publish
 * dialogs; when other scans remain, says that those are submitted without them.
 */
export function UnstoredScansAlert({
  scanIds,
  to,
  othersRemain,
}: {
  scanIds: readonly string[];
  to: 'process' | 'publish';
  othersRemain: boolean;
}) {
  if (scanIds.length === 0) return null;
  return (
    <Alert
      severity="warning"
      data-testid={to === 'process' ? 'processing-unstored' : 'publish-unstored'}
    >
      {NO_STORED_CLOUD(scanIds, to)}
      {othersRemain ? (
        <Typography variant="body2" sx={{ mt: 0.5 }}>
          {UNSTORED_LEFT_OUT(scanIds.length)}
        </Typography>
      ) : null}
    </Alert>
  );
}
