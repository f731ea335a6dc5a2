import { DIALOG_WIDTHS } from '@asset-portal/shared';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
} from '@mui/material';
import { useStore } from '../../lib/create-store.ts';
import { confirmRequest } from './confirm-service.ts';

/** Draws the pending confirmation (width 500, as the spec's delete confirmations). */
export function ConfirmDialogHost() {
  const request = useStore(confirmRequest);
  const answer = (confirmed: boolean) => {
    request?.resolve(confirmed);
    confirmRequest.set(null);
  };
  return (
    <Dialog
      open={request !== null}
      onClose={() => answer(false)}
      slotProps={{
        paper: {
          sx: { width: DIALOG_WIDTHS.deleteConfirm, maxWidth: DIALOG_WIDTHS.deleteConfirm },
        },
      }}
      aria-labelledby="confirm-dialog-title"
    >
      <DialogTitle id="confirm-dialog-title">{request?.title}</DialogTitle>
      <DialogContent>
        <DialogContentText>{request?.message}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => answer(false)}>Cancel</Button>
        <Button color="error" variant="contained" onClick={() => answer(true)}>
          {request?.confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
