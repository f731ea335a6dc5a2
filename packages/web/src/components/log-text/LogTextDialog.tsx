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
import { useEffect, useId, useState } from 'react';

const WIDTH = 900;

type LogText = { state: 'loading' } | { state: 'loaded'; text: string } | { state: 'failed' };

/**
 * The text of a log file, loaded when the dialog opens (through a short-lived signed link).
 * Load failures are logged to the console (spec §8) and the dialog says the file could not be
 * loaded. `load` must be stable (memoized): a new function loads the text again.
 */
export function LogTextDialog({
  title,
  load,
  textTestId,
  onClose,
}: {
  title: string;
  load(): Promise<string>;
  textTestId: string;
  onClose(): void;
}) {
  const titleId = useId();
  const [log, setLog] = useState<LogText>({ state: 'loading' });

  useEffect(() => {
    let cancelled = false;
    setLog({ state: 'loading' });
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
  }, [load]);

  return (
    <Dialog
      open
      onClose={onClose}
      slotProps={{ paper: { sx: { width: WIDTH, maxWidth: WIDTH } } }}
      aria-labelledby={titleId}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
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
            data-testid={textTestId}
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
