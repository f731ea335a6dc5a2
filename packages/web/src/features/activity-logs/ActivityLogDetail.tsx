import { Box, Typography } from '@mui/material';
import { metricsFileSize, prettyJson } from './activity-log-format.ts';
import type { ActivityLogRow } from './use-activity-logs.ts';

function JsonBlock({ label, value, testId }: { label: string; value: unknown; testId: string }) {
  const text = prettyJson(value);
  return (
    <Box sx={{ flex: 1, minWidth: 0 }} data-testid={testId}>
      <Typography variant="subtitle2">{label}</Typography>
      {text ? (
        <Box
          component="pre"
          sx={{ m: 0, fontFamily: 'monospace', fontSize: 12, whiteSpace: 'pre-wrap' }}
        >
          {text}
        </Box>
      ) : (
        <Typography variant="body2" color="text.secondary">
          None
        </Typography>
      )}
    </Box>
  );
}

/** The expanded row of a log: its payload and metrics, with the file size made readable. */
export function ActivityLogDetail({ log }: { log: ActivityLogRow }) {
  const fileSize = metricsFileSize(log.metrics);
  return (
    <Box sx={{ display: 'flex', gap: 3, py: 1 }} data-testid={`activity-log-detail-${log.id}`}>
      <JsonBlock label="Payload" value={log.payload} testId="activity-log-payload" />
      <Box sx={{ flex: 1, minWidth: 0 }}>
        {fileSize !== null ? (
          <Typography variant="body2" sx={{ mb: 0.5 }} data-testid="activity-log-file-size">
            File size: {fileSize}
          </Typography>
        ) : null}
        <JsonBlock label="Metrics" value={log.metrics} testId="activity-log-metrics" />
      </Box>
    </Box>
  );
}
