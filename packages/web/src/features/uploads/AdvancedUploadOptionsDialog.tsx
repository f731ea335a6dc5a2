import {
  DIALOG_WIDTHS,
  SIMULTANEOUS_UPLOADS_MAX,
  SIMULTANEOUS_UPLOADS_MIN,
} from '@asset-portal/shared';
import {
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Slider,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import type { UploadSettings } from './upload-engine.ts';

interface AdvancedUploadOptionsDialogProps {
  settings: UploadSettings;
  onCancel(): void;
  onOk(settings: UploadSettings): void;
}

/** 'Advanced Upload Options': how many files go at once, and single PUT or multipart. */
export function AdvancedUploadOptionsDialog({
  settings,
  onCancel,
  onOk,
}: AdvancedUploadOptionsDialogProps) {
  const [draft, setDraft] = useState(settings);
  return (
    <Dialog
      open
      onClose={onCancel}
      fullWidth
      slotProps={{
        paper: {
          sx: { maxWidth: DIALOG_WIDTHS.uploadOptions },
          'aria-labelledby': 'upload-options-title',
        },
      }}
      data-testid="upload-options-dialog"
    >
      <DialogTitle id="upload-options-title">Advanced Upload Options</DialogTitle>
      <DialogContent>
        <Typography id="simultaneous-uploads-label" gutterBottom>
          Simultaneous Uploads
        </Typography>
        <Slider
          value={draft.simultaneousUploads}
          min={SIMULTANEOUS_UPLOADS_MIN}
          max={SIMULTANEOUS_UPLOADS_MAX}
          step={1}
          marks
          valueLabelDisplay="on"
          onChange={(_event, value) =>
            setDraft({ ...draft, simultaneousUploads: Array.isArray(value) ? value[0]! : value })
          }
          slotProps={{ input: { 'aria-labelledby': 'simultaneous-uploads-label' } }}
          sx={{ mt: 4 }}
        />
        <FormControlLabel
          control={
            <Checkbox
              checked={draft.useMultipart}
              onChange={(event) => setDraft({ ...draft, useMultipart: event.target.checked })}
            />
          }
          label="Use Multipart Uploads"
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>Cancel</Button>
        <Button variant="contained" onClick={() => onOk(draft)}>
          Ok
        </Button>
      </DialogActions>
    </Dialog>
  );
}
