import { UPLOAD_PROGRESS_TITLE } from '@asset-portal/shared';
import CloudUploadIcon from '@mui/icons-material/CloudUpload';
import { Badge, IconButton, Tooltip } from '@mui/material';
import { useEffect, useState } from 'react';
import { useConfig } from '../../config/ConfigContext.tsx';
import { useStoreSelector } from '../../lib/create-store.ts';
import { UploadProgressDialog } from './UploadProgressDialog.tsx';
import { isPending } from './upload-jobs.ts';
import { configureUploads, uploadEngine } from './upload-service.ts';

/** The top-bar icon that opens the upload progress dialog. */
export function UploadMonitorButton() {
  const [open, setOpen] = useState(false);
  const { uploads } = useConfig();
  // A count, not the jobs: the top bar need not re-render on every progress step.
  const pending = useStoreSelector(uploadEngine.jobs, (jobs) => jobs.filter(isPending).length);
  // The top bar is on every signed-in page: the engine takes its defaults here once.
  useEffect(() => configureUploads(uploads), [uploads]);
  const handleOpen = () => setOpen(true);
  const handleClose = () => setOpen(false);
  return (
    <>
      <Tooltip title={UPLOAD_PROGRESS_TITLE}>
        <IconButton
          color="inherit"
          aria-label={UPLOAD_PROGRESS_TITLE}
          data-testid="upload-monitor-button"
          onClick={handleOpen}
        >
          <Badge badgeContent={pending} color="secondary" data-testid="upload-monitor-count">
            <CloudUploadIcon />
          </Badge>
        </IconButton>
      </Tooltip>
      <UploadProgressDialog open={open} onClose={handleClose} />
    </>
  );
}
