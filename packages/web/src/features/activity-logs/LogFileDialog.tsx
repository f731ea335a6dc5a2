import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
} from '@mui/material';
import { useEffect, useState } from 'react';
import { useActivityLogFileUrl } from './use-activity-logs.ts';

const WIDTH = 900;

type LogText = { state: 'loading' } | { state: 'loaded'; text: string } | { state: 'failed' };

/**
 * Shows the text of a log's file, fetched through a short-lived signed link. Fetch failures
 * are logged to the console (spec §8) and the dialog says the file could not be loaded.
 */
export function LogFileDialog({
  logId,
  title,
  onClose,
}: {
  logId: string;
  title: string;
  onClose(): void;
}) {
  const fileUrl = useActivityLogFileUrl();
  const [log, setLog] = useState<LogText>({ state: 'loading' });

  useEffect(() => {
    let cancelled = false;
    const load = async () => {
      const url = await fileUrl(logId);
      if (!url) throw new Error(`Activity log ${logId} has no log file`);
      const response = await fetch(url, { credentials: 'same-origin' });
      const text = await response.text();
      if (!response.ok) throw new Error(`Log file ${logId}: ${response.status} ${text}`);
      return text;
    };
    load()
      .then((text) => {
        if (!cancelled) setLog({ state: 'loaded', text });
      })
      .catch((error: unknown) => {
        console.error('Could not load the log file', error);
        if (!cancelled) setLog({ state: 'failed' });
      });
    return () => {
      cancelled = true;
    };
  }, [logId, fileUrl]);

  return (
    <Dialog
      open
      onClose={onClose}
      slotProps={{ paper: { sx: { width: WIDTH, maxWidth: WIDTH } } }}
      aria-labelledby="log-file-title"
    >
      <DialogTitle id="log-file-title">{title}</DialogTitle>
      <DialogContent dividers>
        {log.state === 'loading' ? (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
            <CircularProgress aria-label="Loading log file" />
          </Box>
        ) : null}
        {log.state === 'failed' ? (
          <Alert severity="warning">The log file could not be loaded.</Alert>
        ) : null}
        {log.state === 'loaded' ? (
          <Box
            component="pre"
            data-testid="log-file-text"
            sx={{
              m: 0,
              maxHeight: '60vh',
              overflow: 'auto',
              fontFamily: 'monospace',
              fontSize: 13,
              whiteSpace: 'pre-wrap',
              wordBreak: 'break-word',
            }}
          >
            {log.text === '' ? '(empty log file)' : log.text}
          </Box>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
