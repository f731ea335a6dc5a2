import { DIALOG_WIDTHS, UPLOAD_PROGRESS_TITLE } from '@asset-portal/shared';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { UploadProgressList } from './UploadProgressList.tsx';

interface UploadProgressDialogProps {
  open: boolean;
  onClose(): void;
}

/** 'Upload Progress': overall and per-file progress of background uploads, from any page. */
export function UploadProgressDialog({ open, onClose }: UploadProgressDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      slotProps={{
        paper: {
          sx: { maxWidth: DIALOG_WIDTHS.uploadProgress },
          'aria-labelledby': 'upload-progress-title',
        },
      }}
      data-testid="upload-progress-dialog"
    >
      <DialogTitle id="upload-progress-title">{UPLOAD_PROGRESS_TITLE}</DialogTitle>
      <DialogContent>
        <UploadProgressList compact />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
