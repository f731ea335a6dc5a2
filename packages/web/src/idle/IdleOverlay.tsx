import { IDLE_WARNING } from '@asset-portal/shared';
import { Backdrop, Paper, Typography } from '@mui/material';
import { useNavigate } from 'react-router';
import { useConfig } from '../config/ConfigContext.tsx';
import { useStore } from '../lib/create-store.ts';
import { busyWork } from './busy-work-store.ts';
import { useIdleCountdown } from './use-idle-countdown.ts';

/** Warns before signing an inactive user out, and sends them to Logout when time runs out. */
export function IdleOverlay() {
  const config = useConfig();
  const navigate = useNavigate();
  const { isBusy } = useStore(busyWork);
  const remaining = useIdleCountdown({
    idleTimeoutSeconds: config.idleTimeoutSeconds,
    countdownSeconds: config.idleCountdownSeconds,
    paused: isBusy,
    onExpired: () => navigate('/logout'),
  });

  if (remaining === null) return null;
  return (
    <Backdrop open sx={{ zIndex: (theme) => theme.zIndex.modal + 1 }}>
      <Paper
        role="alertdialog"
        aria-live="assertive"
        data-testid="idle-overlay"
        sx={{ px: 4, py: 3, maxWidth: 480 }}
      >
        <Typography variant="h6" component="p">
          {IDLE_WARNING(remaining)}
        </Typography>
      </Paper>
    </Backdrop>
  );
}
