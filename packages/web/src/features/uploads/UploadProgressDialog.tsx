import { NO_UPLOADS, UPLOAD_PROGRESS_TITLE } from '@asset-portal/shared';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Typography,
} from '@mui/material';

interface UploadProgressDialogProps {
  open: boolean;
  onClose(): void;
}

/** 'Upload Progress': overall and per-file progress of background uploads. */
export function UploadProgressDialog({ open, onClose }: UploadProgressDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      slotProps={{ paper: { sx: { maxWidth: 400 }, 'aria-labelledby': 'upload-progress-title' } }}
      data-testid="upload-progress-dialog"
    >
      <DialogTitle id="upload-progress-title">{UPLOAD_PROGRESS_TITLE}</DialogTitle>
      <DialogContent>
        {/* No upload engine runs in the browser yet, so there is never a file in flight. */}
        <Typography color="text.secondary">{NO_UPLOADS}</Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
