import { routePath } from '@asset-portal/shared';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import {
  Box,
  Button,
  Chip,
  IconButton,
  Link,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { Fragment, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { RunLogDialog } from './RunLogDialog.tsx';
import { RunQcCharts } from './RunQcCharts.tsx';
import {
  fixedPercentOf,
  formatPercent,
  formatUtc,
  newestRunsFirst,
  runStatusColor,
} from './trajectory-format.ts';
import type { TrajectoryRun } from './use-trajectory.ts';

export interface ProcessingRunListProps {
  runs: readonly TrajectoryRun[];
  /** Show each run's session, linked to the Trajectory Processing screen (base-station rows). */
  showSession?: boolean;
}

/** A run's status as a coloured chip. */
export function RunStatusChip({ status }: { status: string }) {
  return (
    <Chip size="small" label={status} color={runStatusColor(status)} data-testid="run-status" />
  );
}

const TIMES = [
  ['Submitted', 'submitted'],
  ['Started', 'started'],
  ['Completed', 'completed'],
] as const;

/** When the run was submitted, started and completed, one line each (the known ones). */
function RunTimes({ run }: { run: TrajectoryRun }) {
  return (
    <Box
      component="dl"
      sx={{ display: 'grid', gridTemplateColumns: 'auto auto', columnGap: 1, m: 0 }}
    >
      {TIMES.filter(([, field]) => run[field]).map(([label, field]) => (
        <Box key={field} sx={{ display: 'contents' }}>
          <Box component="dt" sx={{ color: 'text.secondary' }}>
            {label}
          </Box>
          <Box component="dd" sx={{ m: 0, whiteSpace: 'nowrap' }} data-testid={`run-${field}`}>
            {formatUtc(run[field])}
          </Box>
        </Box>
      ))}
    </Box>
  );
}

/**
 * The processing runs of a session or base station, newest first. Each expands to its QC
 * charts and audit, and opens its log.
 */
export function ProcessingRunList({ runs, showSession = false }: ProcessingRunListProps) {
  const [open, setOpen] = useState<Record<string, boolean>>({});
  const [logRun, setLogRun] = useState<TrajectoryRun | null>(null);
  if (runs.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary" sx={{ py: 1 }}>
        No processing runs yet.
      </Typography>
    );
  }
  const columnCount = 8;
  return (
    // Zero width stretched to the cell: the list never widens the table it is shown in, and
    // scrolls sideways when it needs more room.
    <Box sx={{ width: 0, minWidth: '100%', overflowX: 'auto' }}>
      <Table
        size="small"
        aria-label="Processing runs"
        data-testid="processing-runs"
        sx={{ '& th, & td': { px: 1 } }}
      >
        <TableHead>
          <TableRow>
            <TableCell padding="checkbox" />
            <TableCell>Run</TableCell>
            <TableCell>{showSession ? 'Session' : 'Basestations'}</TableCell>
            <TableCell>Status</TableCell>
            <TableCell>Message</TableCell>
            <TableCell>Times (UTC)</TableCell>
            <TableCell>Fixed</TableCell>
            <TableCell>Log</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {newestRunsFirst(runs).map((run) => (
            <Fragment key={run.id}>
              <TableRow data-testid="processing-run" data-run-id={run.id}>
                <TableCell padding="checkbox">
                  <IconButton
                    size="small"
                    aria-label={open[run.id] ? `Collapse run ${run.id}` : `Expand run ${run.id}`}
                    aria-expanded={Boolean(open[run.id])}
                    onClick={() => setOpen((state) => ({ ...state, [run.id]: !state[run.id] }))}
                  >
                    {open[run.id] ? <ExpandLessIcon /> : <ExpandMoreIcon />}
                  </IconButton>
                </TableCell>
                <TableCell>{run.id}</TableCell>
                {showSession ? (
                  <TableCell>
                    <Link
                      component={RouterLink}
                      to={routePath('TrajectoryProcessing', { search: run.sessionId })}
                    >
                      {run.sessionId}
                    </Link>
                    {run.basestationIds.length > 1 ? (
                      <Typography variant="caption" component="div" color="text.secondary">
                        Basestations {run.basestationIds.join(', ')}
                      </Typography>
                    ) : null}
                  </TableCell>
                ) : (
                  <TableCell>{run.basestationIds.join(', ')}</TableCell>
                )}
                <TableCell>
                  <RunStatusChip status={run.status} />
                </TableCell>
                <TableCell data-testid="run-message" sx={{ minWidth: 140 }}>
                  {run.statusMessge ?? ''}
                </TableCell>
                <TableCell>
                  <RunTimes run={run} />
                </TableCell>
                <TableCell data-testid="run-fixed" sx={{ whiteSpace: 'nowrap' }}>
                  {formatPercent(fixedPercentOf(run.metrics))}
                </TableCell>
                <TableCell>
                  <Button
                    size="small"
                    sx={{ minWidth: 0 }}
                    disabled={!run.logS3Url}
                    onClick={() => setLogRun(run)}
                    aria-label={`Log of run ${run.id}`}
                  >
                    Log
                  </Button>
                </TableCell>
              </TableRow>
              {open[run.id] ? (
                <TableRow>
                  <TableCell colSpan={columnCount} sx={{ bgcolor: 'background.paper' }}>
                    <RunQcCharts run={run} />
                  </TableCell>
                </TableRow>
              ) : null}
            </Fragment>
          ))}
        </TableBody>
      </Table>
      {logRun?.logS3Url ? (
        <RunLogDialog
          logS3Url={logRun.logS3Url}
          title={`Log of run ${logRun.id} (${logRun.sessionId})`}
          onClose={() => setLogRun(null)}
        />
      ) : null}
    </Box>
  );
}
