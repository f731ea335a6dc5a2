import { Alert, Button, Typography } from '@mui/material';
import {
  INGEST_ERRORS_SHOWN,
  useAcknowledgeIngestErrors,
  useIngestErrors,
} from './use-upload-logs.ts';

/**
 * The user's uploaded packages that could not be ingested, above the upload tabs: their uploads
 * completed (History says so), so without this the failure was only in the Activity Logs, which
 * a Standard user cannot open. Dismiss acknowledges the errors shown.
 */
export function IngestErrorsAlert() {
  const { errors, total } = useIngestErrors();
  const acknowledge = useAcknowledgeIngestErrors();
  if (total === 0) return null;
  const more = total - errors.length;
  return (
    <Alert
      severity="error"
      data-testid="ingest-errors"
      sx={{ maxWidth: 1100, boxSizing: 'border-box' }}
      action={
        <Button
          color="inherit"
          size="small"
          onClick={() => void acknowledge(errors.map((error) => error.id)).catch(() => {})}
        >
          Dismiss
        </Button>
      }
    >
      <Typography variant="body2" sx={{ fontWeight: 500 }}>
        {total === 1
          ? 'An uploaded package could not be ingested:'
          : `${total} uploaded packages could not be ingested:`}
      </Typography>
      {errors.map((error) => (
        <Typography key={error.id} variant="body2" data-testid="ingest-error-message">
          {error.message}
        </Typography>
      ))}
      {more > 0 ? (
        <Typography variant="body2">
          and {more} more (dismiss these {INGEST_ERRORS_SHOWN} to see them)
        </Typography>
      ) : null}
    </Alert>
  );
}
