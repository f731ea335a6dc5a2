import {
  DIALOG_WIDTHS,
  INVITATION_FAILED_NOTE,
  INVITATION_OUTBOX_NOTE,
  USER_INVITATION_CREATED,
} from '@asset-portal/shared';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  InputAdornment,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { snackbar } from '../../snackbar/snackbar-service.ts';
import type { CreatedUser } from './use-users.ts';

/**
 * Shown after an invitation whose link the admin must pass on: no mail server is configured
 * (the e-mail went to the outbox) or the mail server refused it.
 */
export function InvitationSentDialog({
  user,
  onClose,
}: {
  user: CreatedUser & { invitationUrl: string };
  onClose(): void;
}) {
  const failed = user.invitationDelivery === 'FAILED';
  const handleCopy = async () => {
    try {
      await navigator.clipboard.writeText(user.invitationUrl);
      snackbar.info('Link copied', 2_000);
    } catch {
      // Clipboard access can be refused; the link stays selectable in the field.
    }
  };
  return (
    <Dialog
      open
      onClose={onClose}
      aria-labelledby="invitation-title"
      slotProps={{
        paper: {
          sx: { width: DIALOG_WIDTHS.user, maxWidth: DIALOG_WIDTHS.user },
          'data-testid': 'invitation-dialog',
        } as object,
      }}
    >
      <DialogTitle id="invitation-title">
        {failed ? 'Invitation not sent' : USER_INVITATION_CREATED(user.email)}
      </DialogTitle>
      <DialogContent>
        <Alert severity={failed ? 'warning' : 'info'} sx={{ mb: 2 }}>
          {failed ? INVITATION_FAILED_NOTE : INVITATION_OUTBOX_NOTE}
        </Alert>
        <Typography variant="body2" gutterBottom>
          Invitation link for {user.name}:
        </Typography>
        <TextField
          fullWidth
          id="invitation-url"
          value={user.invitationUrl}
          slotProps={{
            htmlInput: { readOnly: true, 'aria-label': 'Invitation link' },
            input: {
              endAdornment: (
                <InputAdornment position="end">
                  <Tooltip title="Copy link">
                    <IconButton aria-label="Copy link" onClick={() => void handleCopy()}>
                      <ContentCopyIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                </InputAdornment>
              ),
            },
          }}
          onFocus={(event) => event.target.select()}
        />
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}
