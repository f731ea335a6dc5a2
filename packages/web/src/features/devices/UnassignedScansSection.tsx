import {
  ASSIGN_TO_PROJECT,
  formatUtc,
  NO_UNASSIGNED_SCANS,
  TABLE_PAGE_SIZE,
  UNASSIGNED_SCANS_TITLE,
} from '@asset-portal/shared';
import { Box, Button, Typography } from '@mui/material';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { DataTable } from '../../components/data-table/DataTable.tsx';
import { AssignSessionDialog } from './AssignSessionDialog.tsx';
import { groupBySession, type UnassignedSessionRow } from './unassigned-sessions.ts';
import type { AssignmentOrganization } from './use-device-assignments.ts';
import { useUnassignedScans } from './use-unassigned-scans.ts';

const period = (row: UnassignedSessionRow) => {
  if (!row.capturedStart) return '';
  const start = formatUtc(new Date(row.capturedStart));
  if (!row.capturedEnd || row.capturedEnd === row.capturedStart) return start;
  return `${start} – ${formatUtc(new Date(row.capturedEnd))}`;
};

/**
 * Sessions whose capture time no assignment covered, so they are in no project and no other
 * screen shows them. A new or widened assignment brings them in; 'Assign to project' does it
 * by hand.
 */
export function UnassignedScansSection({
  organization,
}: {
  organization: AssignmentOrganization | null;
}) {
  const { scans, loading } = useUnassignedScans(organization ? organization.id : null);
  const rows = useMemo(() => groupBySession(scans), [scans]);
  const [assigning, setAssigning] = useState<(UnassignedSessionRow & { sessionId: string }) | null>(
    null,
  );

  const columns = useMemo<ColumnDef<UnassignedSessionRow, unknown>[]>(
    () => [
      { id: 'session', header: 'Session', accessorFn: (row) => row.sessionId ?? '—' },
      { id: 'device', header: 'Device', accessorKey: 'deviceId' },
      {
        id: 'captured',
        header: 'Captured (UTC)',
        accessorFn: (row) => row.capturedStart ?? '',
        cell: ({ row }) => period(row.original),
      },
      { id: 'scans', header: 'Scans', accessorKey: 'scanCount' },
      {
        id: 'actions',
        header: 'Actions',
        enableSorting: false,
        cell: ({ row }) => {
          const { sessionId } = row.original;
          if (sessionId === null) return null;
          return (
            <Button
              size="small"
              aria-label={`${ASSIGN_TO_PROJECT}: session ${sessionId}`}
              onClick={() => setAssigning({ ...row.original, sessionId })}
            >
              {ASSIGN_TO_PROJECT}
            </Button>
          );
        },
      },
    ],
    [],
  );

  return (
    <Box component="section" sx={{ mt: 4 }} aria-labelledby="unassigned-scans-title">
      <Typography variant="h6" component="h2" id="unassigned-scans-title" gutterBottom>
        {UNASSIGNED_SCANS_TITLE}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        Scans captured when no assignment covered their device are in no project. An assignment
        covering their capture time brings them in, or assign a session by hand.
      </Typography>
      <DataTable
        ariaLabel={UNASSIGNED_SCANS_TITLE}
        testId="unassigned-scans-table"
        data={rows}
        columns={columns}
        getRowId={(row) => row.key}
        loading={loading}
        emptyText={NO_UNASSIGNED_SCANS}
        initialSorting={[{ id: 'captured', desc: true }]}
        defaultPageSize={TABLE_PAGE_SIZE}
      />
      {assigning && organization ? (
        <AssignSessionDialog
          row={assigning}
          projects={organization.projects}
          onClose={() => setAssigning(null)}
        />
      ) : null}
    </Box>
  );
}
