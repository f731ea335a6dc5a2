import {
  NO_ROVER_OBSERVATION,
  RECOMMENDED_BASESTATIONS_TEXT,
  RECOMMENDED_BASESTATIONS_TITLE,
  routePath,
  SAME_RECEIVER,
  TRAJECTORY_SUBMITTED,
} from '@asset-portal/shared';
import CheckIcon from '@mui/icons-material/Check';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  LinearProgress,
  Link,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
} from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { snackbar } from '../../snackbar/snackbar-service.ts';
import { formatDistanceKm, formatPoint } from './trajectory-format.ts';
import { UtcPeriod } from './UtcTime.tsx';
import { useCreateTrajectoryRun, usePotentialBasestations } from './use-trajectory.ts';

const WIDTH = 1100;

/**
 * 'Recommended Basestation Files for Processing': the base stations that cover a session, to
 * pick from and submit. Submission closes the dialog whether it succeeds or fails (spec §4), so a
 * session that cannot be processed says so here, before anything is picked.
 */
export function RecommendedBasestationsDialog({
  sessionId,
  roverObservation,
  onClose,
}: {
  sessionId: string;
  /** False when the session's package brought no rover observations: no run can be made. */
  roverObservation: boolean;
  onClose(): void;
}) {
  const { matches, loading } = usePotentialBasestations(sessionId);
  const createRun = useCreateTrajectoryRun();
  const [selected, setSelected] = useState<string[]>([]);
  const [submitting, setSubmitting] = useState(false);

  // The session's own rover file uploaded as a base: listed with the reason, never selectable.
  const ownReceivers = matches.filter((match) => match.ownReceiver);
  const toggle = (id: string) =>
    setSelected((ids) => (ids.includes(id) ? ids.filter((other) => other !== id) : [...ids, id]));

  const handleSubmit = async () => {
    setSubmitting(true);
    try {
      await createRun(sessionId, selected);
      snackbar.success(TRAJECTORY_SUBMITTED(sessionId, selected));
    } catch {
      // The error link has shown the server's message in the red snackbar.
    } finally {
      onClose();
    }
  };

  return (
    <Dialog
      open
      onClose={submitting ? undefined : onClose}
      aria-labelledby="recommended-basestations-title"
      slotProps={{
        paper: {
          sx: { width: WIDTH, maxWidth: WIDTH },
          'data-testid': 'recommended-basestations-dialog',
        } as object,
      }}
    >
      <DialogTitle id="recommended-basestations-title">
        {RECOMMENDED_BASESTATIONS_TITLE}
      </DialogTitle>
      <DialogContent>
        <DialogContentText data-testid="recommended-basestations-text">
          {RECOMMENDED_BASESTATIONS_TEXT(sessionId)}
        </DialogContentText>
        {roverObservation ? null : (
          <Alert severity="warning" sx={{ mt: 1 }} data-testid="no-rover-observation">
            {NO_ROVER_OBSERVATION(sessionId)}
          </Alert>
        )}
        <Box sx={{ height: 4, mt: 1 }}>
          {loading ? <LinearProgress aria-label="Loading basestations" /> : null}
        </Box>
        <TableContainer>
          <Table size="small" aria-label="Potential basestations">
            <TableHead>
              <TableRow>
                <TableCell padding="checkbox" />
                <TableCell>Basestation</TableCell>
                <TableCell>Recommended</TableCell>
                <TableCell>Basestation Period (UTC)</TableCell>
                <TableCell>Session Period (UTC)</TableCell>
                <TableCell>Basestation Point</TableCell>
                <TableCell>Session Points</TableCell>
                <TableCell>Longest Distance (in kms)</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {!loading && matches.length === 0 ? (
                <TableRow>
                  <TableCell colSpan={8} align="center" sx={{ py: 3, color: 'text.secondary' }}>
                    No basestation file covers this session.
                  </TableCell>
                </TableRow>
              ) : null}
              {matches.map(({ basestation, session, distance, recommended, ownReceiver }) => {
                const checked = selected.includes(basestation.id);
                return (
                  <TableRow
                    key={basestation.id}
                    hover
                    selected={checked}
                    data-testid="potential-basestation"
                    data-basestation-id={basestation.id}
                  >
                    <TableCell padding="checkbox">
                      <Checkbox
                        checked={checked}
                        disabled={ownReceiver}
                        onChange={() => toggle(basestation.id)}
                        slotProps={{
                          input: { 'aria-label': `Select basestation ${basestation.id}` },
                        }}
                      />
                    </TableCell>
                    <TableCell>
                      <Link
                        component={RouterLink}
                        to={routePath('Basestation', { search: basestation.id })}
                      >
                        {basestation.id}
                      </Link>
                    </TableCell>
                    <TableCell data-testid="recommended">
                      {recommended ? (
                        <CheckIcon color="success" fontSize="small" aria-label="Recommended" />
                      ) : null}
                    </TableCell>
                    <TableCell>
                      <UtcPeriod
                        start={basestation.startTimestamp}
                        end={basestation.endTimestamp}
                      />
                    </TableCell>
                    <TableCell>
                      <UtcPeriod start={session.timestamps[0]} end={session.timestamps.at(-1)} />
                    </TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      {formatPoint(basestation.point?.coordinates)}
                    </TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      <div>{formatPoint(session.startPoint)}</div>
                      <div>{formatPoint(session.endPoint)}</div>
                    </TableCell>
                    <TableCell data-testid="longest-distance">
                      {formatDistanceKm(distance)}
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </TableContainer>
        {ownReceivers.map(({ basestation }) => (
          <Alert
            key={basestation.id}
            severity="warning"
            sx={{ mt: 1 }}
            data-testid="own-receiver-basestation"
          >
            {SAME_RECEIVER(basestation.id, basestation.filename, sessionId)}
          </Alert>
        ))}
      </DialogContent>
      <DialogActions>
        <Button
          variant="contained"
          disabled={selected.length === 0 || submitting || !roverObservation}
          onClick={() => void handleSubmit()}
        >
          Submit
        </Button>
        <Button onClick={onClose} disabled={submitting}>
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}
