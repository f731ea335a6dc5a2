import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  type SxProps,
  type Theme,
} from '@mui/material';
import { type FormEventHandler, type ReactNode, useEffect } from 'react';
import { snackbar } from '../../snackbar/snackbar-service.ts';

const DEFAULT_FORM_SX: SxProps<Theme> = { display: 'flex', flexDirection: 'column', gap: 2, pt: 1 };

export interface FormDialogProps {
  /** Names the parts: test id `${name}-dialog`, form `${name}-form`, title `${name}-dialog-title`. */
  name: string;
  title: ReactNode;
  /** Paper width in px (the spec fixes one per dialog). */
  width: number;
  /** Handles the form's submit event, so Enter in a field saves like the primary button. */
  onSubmit: FormEventHandler<HTMLFormElement>;
  onClose(): void;
  /** The fields, laid out inside the form element. */
  children: ReactNode;
  /** Content below the form that is not part of it. */
  footer?: ReactNode;
  /** Buttons left of Cancel. */
  extraActions?: ReactNode;
  submitLabel: string;
  submitDisabled?: boolean;
  /** A backdrop click or Escape does not close the dialog; only Cancel does. */
  persistent?: boolean;
  /** While true the dialog cannot be closed at all, so a running save is not cut off. */
  busy?: boolean;
  formSx?: SxProps<Theme>;
  /** Off for forms holding credentials the browser should not offer to fill. */
  autoComplete?: 'off';
}

/** The frame every create/edit dialog shares: title, a form, Cancel and a primary submit. */
export function FormDialog({
  name,
  title,
  width,
  onSubmit,
  onClose,
  children,
  footer,
  extraActions,
  submitLabel,
  submitDisabled = false,
  persistent = false,
  busy = false,
  formSx = DEFAULT_FORM_SX,
  autoComplete,
}: FormDialogProps) {
  // Messages keep clear of this dialog's buttons while it is open.
  useEffect(() => snackbar.dialogOpened(), []);
  const titleId = `${name}-dialog-title`;
  const formId = `${name}-form`;
  return (
    <Dialog
      open
      onClose={persistent || busy ? undefined : onClose}
      aria-labelledby={titleId}
      slotProps={{
        paper: {
          sx: { width, maxWidth: width },
          'data-testid': `${name}-dialog`,
        } as object,
      }}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <Box
          component="form"
          id={formId}
          noValidate
          autoComplete={autoComplete}
          onSubmit={onSubmit}
          sx={formSx}
        >
          {children}
        </Box>
        {footer}
      </DialogContent>
      <DialogActions>
        {extraActions}
        <Button onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" form={formId} variant="contained" disabled={submitDisabled}>
          {submitLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
