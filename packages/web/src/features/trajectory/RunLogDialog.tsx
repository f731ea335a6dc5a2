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
import { fetchSignedText, useSignedS3Url } from './use-trajectory.ts';

const WIDTH = 900;

type LogText = { state: 'loading' } | { state: 'loaded'; text: string } | { state: 'failed' };

/**
 * A run's log text (the commands, RTKLIB's messages and the outcome), fetched through a signed
 * link like the activity log's file viewer. Failures are logged to the console (spec §8).
 */
export function RunLogDialog({
  logS3Url,
  title,
  onClose,
}: {
  logS3Url: string;
  title: string;
  onClose(): void;
}) {
  const signedUrl = useSignedS3Url();
  const [log, setLog] = useState<LogText>({ state: 'loading' });

  useEffect(() => {
    let cancelled = false;
    fetchSignedText(signedUrl, logS3Url)
      .then((text) => {
        if (!cancelled) setLog({ state: 'loaded', text });
      })
      .catch((error: unknown) => {
        console.error('Could not load the run log', error);
        if (!cancelled) setLog({ state: 'failed' });
      });
    return () => {
      cancelled = true;
    };
  }, [logS3Url, signedUrl]);

  return (
    <Dialog
      open
      onClose={onClose}
      slotProps={{ paper: { sx: { width: WIDTH, maxWidth: WIDTH } } }}
      aria-labelledby="run-log-title"
    >
      <DialogTitle id="run-log-title">{title}</DialogTitle>
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
            data-testid="run-log-text"
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
