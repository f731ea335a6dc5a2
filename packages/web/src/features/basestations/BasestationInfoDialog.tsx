import { countOf, routePath } from '@asset-portal/shared';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  Link,
  List,
  ListItem,
  ListItemText,
  Typography,
} from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { formatPeriod } from '../trajectory/trajectory-format.ts';
import { useTimeMatchedSessions } from '../trajectory/use-trajectory.ts';
import { basestationFacts } from './basestation-format.ts';
import type { BasestationItem } from './use-basestations.ts';

const WIDTH = 700;

/** A base station's header facts and the sessions its window covers, each linked. */
export function BasestationInfoDialog({
  basestation,
  onClose,
}: {
  basestation: BasestationItem;
  onClose(): void;
}) {
  const { sessions, loading } = useTimeMatchedSessions(basestation.id);
  return (
    <Dialog
      open
      onClose={onClose}
      aria-labelledby="basestation-info-title"
      slotProps={{
        paper: {
          sx: { width: WIDTH, maxWidth: WIDTH },
          'data-testid': 'basestation-info-dialog',
        } as object,
      }}
    >
      <DialogTitle id="basestation-info-title">
        Basestation {basestation.id}: {basestation.filename}
      </DialogTitle>
      <DialogContent dividers>
        {basestation.status === 'Failed' ? (
          <Alert severity="error" sx={{ mb: 2 }} data-testid="basestation-info-failure">
            {basestation.statusMessage ?? 'Processing failed.'}
          </Alert>
        ) : null}
        <Box
          component="dl"
          sx={{
            display: 'grid',
            gridTemplateColumns: 'max-content 1fr',
            columnGap: 2,
            rowGap: 0.5,
            m: 0,
            '& dt': { color: 'text.secondary' },
            '& dd': { m: 0, wordBreak: 'break-word' },
          }}
        >
          {basestationFacts(basestation).map((fact) => (
            <Box key={fact.label} sx={{ display: 'contents' }}>
              <dt>{fact.label}</dt>
              <dd>{fact.value || '—'}</dd>
            </Box>
          ))}
        </Box>
        <Typography variant="subtitle1" component="h3" sx={{ mt: 2 }}>
          Matched sessions
        </Typography>
        <Box sx={{ height: 4 }}>
          {loading ? <LinearProgress aria-label="Loading matched sessions" /> : null}
        </Box>
        {!loading && sessions.length === 0 ? (
          <Typography variant="body2" color="text.secondary" data-testid="matched-sessions-none">
            {basestation.status === 'Ready'
              ? "No session falls within this basestation file's period."
              : 'Sessions are matched once the file has been processed.'}
          </Typography>
        ) : null}
        <List dense data-testid="matched-sessions">
          {sessions.map((session) => (
            <ListItem key={session.sessionId} disableGutters>
              <ListItemText
                primary={
                  <Link
                    component={RouterLink}
                    to={routePath('TrajectoryProcessing', { search: session.sessionId })}
                  >
                    {session.sessionId}
                  </Link>
                }
                secondary={`${formatPeriod(session.capturedTimestamp, session.endCapturedTimestamp)} UTC · ${countOf(session.scanCount, 'scan')}`}
              />
            </ListItem>
          ))}
        </List>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
