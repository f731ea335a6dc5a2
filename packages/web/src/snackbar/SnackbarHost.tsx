import { Alert, Button, Snackbar } from '@mui/material';
import { useStore } from '../lib/create-store.ts';
import { openDialogCount, snackbar, snackbarQueue } from './snackbar-service.ts';

/** Renders the snackbar service's messages one at a time, each with a Close button. */
export function SnackbarHost() {
  const queue = useStore(snackbarQueue);
  const dialogOpen = useStore(openDialogCount) > 0;
  const message = queue[0];
  if (!message) return null;

  const handleClose = (_event?: unknown, reason?: string) => {
    // A click elsewhere on the page must not hide a message the user has not read.
    if (reason === 'clickaway') return;
    snackbar.dismiss(message.id);
  };

  return (
    <Snackbar
      key={message.id}
      open
      autoHideDuration={message.autoHideMs}
      onClose={handleClose}
      // At the bottom a message would cover an open dialog's buttons.
      anchorOrigin={{ vertical: dialogOpen ? 'top' : 'bottom', horizontal: 'center' }}
    >
      <Alert
        data-testid="snackbar"
        data-severity={message.severity}
        severity={message.severity}
        variant="filled"
        // A long file name or link has no spaces to wrap at: break it anywhere rather than push
        // the message and its Close button off the screen.
        sx={{
          alignItems: 'center',
          minWidth: 320,
          maxWidth: 'min(720px, calc(100vw - 48px))',
          '& .MuiAlert-message': { overflowWrap: 'anywhere' },
        }}
        action={
          <Button color="inherit" size="small" onClick={() => handleClose()}>
            Close
          </Button>
        }
      >
        {message.text}
      </Alert>
    </Snackbar>
  );
}
