import { TOOLTIP_DELAY_MS, UPLOAD_PROGRESS_TITLE } from '@asset-portal/shared';
import CloudUploadIcon from '@mui/icons-material/CloudUpload';
import { IconButton, Tooltip } from '@mui/material';
import { useState } from 'react';
import { UploadProgressDialog } from './UploadProgressDialog.tsx';

/** The top-bar icon that opens the upload progress dialog. */
export function UploadMonitorButton() {
  const [open, setOpen] = useState(false);
  const handleOpen = () => setOpen(true);
  const handleClose = () => setOpen(false);
  return (
    <>
      <Tooltip title={UPLOAD_PROGRESS_TITLE} enterDelay={TOOLTIP_DELAY_MS}>
        <IconButton
          color="inherit"
          aria-label={UPLOAD_PROGRESS_TITLE}
          data-testid="upload-monitor-button"
          onClick={handleOpen}
        >
          <CloudUploadIcon />
        </IconButton>
      </Tooltip>
      <UploadProgressDialog open={open} onClose={handleClose} />
    </>
  );
}
