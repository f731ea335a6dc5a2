import { splitSessionStatus, statusChipColor } from '@asset-portal/shared';
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import { Alert, Box, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import type { ColumnDef } from '@tanstack/react-table';
import { useEffect, useMemo, useRef, useState } from 'react';
import { DataTable } from '../../components/data-table/DataTable.tsx';
import { DataTableSearch } from '../../components/data-table/DataTableSearch.tsx';
import { StatusChip } from '../../components/status-chip/StatusChip.tsx';
import { useCurrentProject } from '../projects/current-project-store.ts';
import { ProjectRequired } from '../projects/ProjectRequired.tsx';
import { ProcessingRunList } from './ProcessingRunList.tsx';
import { RecommendedBasestationsDialog } from './RecommendedBasestationsDialog.tsx';
import { RunStatusChips } from './RunStatusChips.tsx';
import {
  formatUtc,
  isBasestationIdSearch,
  isRunActive,
  sessionMatchesSearch,
} from './trajectory-format.ts';
import { UtcTime } from './UtcTime.tsx';
import { useRouteSearch } from './use-route-search.ts';
import {
  type SessionSummaryItem,
  usePollWhile,
  useSessionSummary,
  useTimeMatchedSessions,
  useTrajectoryProcessingAvailability,
} from './use-trajectory.ts';

const SEARCH_DEBOUNCE_MS = 400;

/** The base-station id a search text stands for, if it is one. */
function basestationIdIn(text: string): string | null {
  return isBasestationIdSearch(text) ? text.trim() : null;
}

/** The sessions a base-station id typed in the search box was matched to. */
function useMatchedSessionIds(search: string): ReadonlySet<string> {
  // An id from the route is asked at once; typed ones once the typing pauses.
  const [basestationId, setBasestationId] = useState<string | null>(() => basestationIdIn(search));
  useEffect(() => {
    const id = basestationIdIn(search);
    const timer = setTimeout(() => setBasestationId(id), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [search]);
  const { sessions } = useTimeMatchedSessions(basestationId);
  return useMemo(() => new Set(sessions.map((session) => session.sessionId)), [sessions]);
}

/**
 * Polls while a run is Submitted or In progress, and fetches the sessions once more when one
 * finishes, so the Scan's Status chips show the final point clouds it wrote.
 */
function usePollRuns(
  sessions: readonly SessionSummaryItem[],
  summary: ReturnType<typeof useSessionSummary>,
) {
  const activeIds = sessions.flatMap((session) =>
    session.trajectoryProcessingRuns.filter((run) => isRunActive(run.status)).map((run) => run.id),
  );
  usePollWhile(activeIds.length > 0, summary.polling);
  const previous = useRef<string[]>([]);
  const key = activeIds.join(',');
  const { refetch } = summary;
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for the active ids.
  useEffect(() => {
    const finished = previous.current.some((id) => !activeIds.includes(id));
    previous.current = activeIds;
    if (finished) void refetch();
  }, [key, refetch]);
}

/** A chip of the Scan's Status column: green for final…, yellow for provisional… (spec §2). */
function SessionStatusChip({ status }: { status: string }) {
  return <StatusChip label={status} color={statusChipColor(status)} />;
}

/** The Trajectory Processing screen: the project's sessions, their runs and the submit dialog. */
export function TrajectoryProcessingPage() {
  const { project } = useCurrentProject();
  const summary = useSessionSummary(project?.id ?? null);
  const { sessions, loading, loadFailed } = summary;
  const availability = useTrajectoryProcessingAvailability();
  const [search, setSearch] = useRouteSearch();
  const matchedSessionIds = useMatchedSessionIds(search);
  const [infoSessionId, setInfoSessionId] = useState<string | null>(null);
  const infoSession = sessions.find((session) => session.sessionId === infoSessionId);
  usePollRuns(sessions, summary);

  const rows = useMemo(
    () => sessions.filter((session) => sessionMatchesSearch(session, search, matchedSessionIds)),
    [sessions, search, matchedSessionIds],
  );

  const columns = useMemo<ColumnDef<SessionSummaryItem, unknown>[]>(
    () => [
      {
        id: 'session',
        header: 'Session',
        accessorKey: 'sessionId',
        cell: ({ row }) => <span data-testid="session-id">{row.original.sessionId}</span>,
      },
      {
        id: 'from',
        header: 'From (UTC)',
        accessorFn: (session) => formatUtc(session.capturedTimestamp),
        cell: ({ row }) => <UtcTime timestamp={row.original.capturedTimestamp} />,
      },
      {
        id: 'to',
        header: 'To (UTC)',
        accessorFn: (session) => formatUtc(session.endCapturedTimestamp),
        cell: ({ row }) => <UtcTime timestamp={row.original.endCapturedTimestamp} />,
      },
      { id: 'scanCount', header: 'Total Scans', accessorKey: 'scanCount' },
      {
        id: 'status',
        header: "Scan's Status",
        accessorKey: 'status',
        cell: ({ row }) => (
          <Stack
            direction="row"
            useFlexGap
            spacing={0.5}
            sx={{ flexWrap: 'wrap' }}
            data-testid="session-status"
          >
            {splitSessionStatus(row.original.status).map((status) => (
              <SessionStatusChip key={status} status={status} />
            ))}
          </Stack>
        ),
      },
      {
        id: 'actions',
        header: 'Actions',
        enableSorting: false,
        cell: ({ row }) => (
          <Tooltip title="Recommended basestation files">
            <IconButton
              size="small"
              aria-label={`Basestations for ${row.original.sessionId}`}
              onClick={() => setInfoSessionId(row.original.sessionId)}
            >
              <InfoOutlinedIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        ),
      },
      {
        id: 'runs',
        header: 'Processing Runs',
        enableSorting: false,
        accessorFn: (session) => session.trajectoryProcessingRuns.length,
        cell: ({ row }) => (
          <Stack
            direction="row"
            useFlexGap
            spacing={0.5}
            sx={{ flexWrap: 'wrap' }}
            data-testid="session-run-counts"
          >
            <RunStatusChips runs={row.original.trajectoryProcessingRuns} />
          </Stack>
        ),
      },
    ],
    [],
  );

  return (
    <Box sx={{ p: 3 }}>
      <Typography variant="h5" component="h1" gutterBottom>
        Trajectory Processing
      </Typography>
      {availability && !availability.available ? (
        <Alert severity="warning" sx={{ mb: 2 }} data-testid="trajectory-availability">
          {availability.message}
        </Alert>
      ) : null}
      <ProjectRequired>
        <DataTable
          testId="sessions-table"
          ariaLabel="Sessions"
          data={rows}
          columns={columns}
          getRowId={(session) => session.sessionId}
          loading={loading}
          loadFailed={loadFailed}
          emptyText={search ? 'No sessions match the search.' : 'No sessions in this project yet.'}
          initialSorting={[{ id: 'from', desc: true }]}
          pageSizeOptions={[25, 50, 100, 'all']}
          defaultPageSize={25}
          renderDetail={(session) => <ProcessingRunList runs={session.trajectoryProcessingRuns} />}
          toolbar={
            // The search box sits left, as in the other tables: the box takes the whole row.
            <Box sx={{ flex: '1 1 100%', display: 'flex' }}>
              <DataTableSearch value={search} placeholder="Search sessions" onChange={setSearch} />
            </Box>
          }
        />
      </ProjectRequired>
      {infoSession ? (
        <RecommendedBasestationsDialog
          sessionId={infoSession.sessionId}
          roverObservation={infoSession.roverObservation}
          onClose={() => setInfoSessionId(null)}
        />
      ) : null}
    </Box>
  );
}
