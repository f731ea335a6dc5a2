import {
  CONFIRM_DEVICE_ASSIGNMENT_DELETION,
  CONFIRM_DEVICE_ASSIGNMENT_DELETION_TITLE,
  countOf,
  DEVICE_ASSIGNMENT_DELETED,
  formatUtc,
  OPEN_ENDED,
  ORGANIZATION_QUERY_PARAM,
  TABLE_PAGE_SIZE,
} from '@asset-portal/shared';
import AddIcon from '@mui/icons-material/Add';
import { Box, Button, Chip, MenuItem, TextField, Typography } from '@mui/material';
import type { ColumnDef } from '@tanstack/react-table';
import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useSession } from '../../auth/SessionContext.tsx';
import { confirm } from '../../components/confirm/confirm-service.ts';
import { DataTable } from '../../components/data-table/DataTable.tsx';
import { actionsColumn } from '../../components/data-table/RowActions.tsx';
import { snackbar } from '../../snackbar/snackbar-service.ts';
import { DeviceAssignmentDialog } from './DeviceAssignmentDialog.tsx';
import { UnassignedScansSection } from './UnassignedScansSection.tsx';
import {
  type DeviceAssignmentItem,
  useAssignmentOrganizations,
  useDeleteDeviceAssignment,
  useDeviceAssignments,
} from './use-device-assignments.ts';

type DialogState = { assignment: DeviceAssignmentItem | null } | null;

/**
 * The Device Assignment screen: the periods during which an organization's devices capture for
 * its projects. Admins choose the organization; Power Users see their own.
 */
export function DeviceAssignmentPage() {
  const { session } = useSession();
  const user = session.status === 'signedIn' ? session.user : null;
  const isAdmin = user?.userType === 'Admin';
  const { organizations, loading: organizationsLoading } = useAssignmentOrganizations();
  // In the address, so that Back from a scan opened below, or a reload, keeps the choice.
  const [params, setParams] = useSearchParams();
  const chosenId = params.get(ORGANIZATION_QUERY_PARAM);
  const setChosenId = (id: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set(ORGANIZATION_QUERY_PARAM, id);
        return next;
      },
      { replace: true },
    );
  // Only an Admin chooses, and only among the organizations there are: an address copied by an
  // Admin, or naming one since deleted, opens the user's own.
  const chosen = isAdmin ? (organizations.find((o) => o.id === chosenId) ?? null) : null;
  const organization = chosen ?? organizations.find((o) => o.id === user?.organization.id) ?? null;
  const { assignments, loading, loadFailed } = useDeviceAssignments(
    organization ? organization.id : null,
  );
  const deleteAssignment = useDeleteDeviceAssignment();
  const [dialog, setDialog] = useState<DialogState>(null);

  const handleDelete = useCallback(
    async (assignment: DeviceAssignmentItem) => {
      const confirmed = await confirm({
        title: CONFIRM_DEVICE_ASSIGNMENT_DELETION_TITLE,
        message: CONFIRM_DEVICE_ASSIGNMENT_DELETION(
          assignment.deviceId,
          assignment.project?.name ?? '',
          assignment.placedSessions,
        ),
      });
      if (!confirmed) return;
      try {
        await deleteAssignment(assignment.id);
      } catch {
        return;
      }
      snackbar.success(DEVICE_ASSIGNMENT_DELETED);
    },
    [deleteAssignment],
  );

  const columns = useMemo<ColumnDef<DeviceAssignmentItem, unknown>[]>(
    () => [
      { id: 'device', header: 'Device', accessorKey: 'deviceId' },
      { id: 'project', header: 'Project', accessorFn: (a) => a.project?.name ?? '' },
      {
        id: 'from',
        header: 'From (UTC)',
        accessorKey: 'from',
        enableGrouping: false,
        cell: ({ row }) => formatUtc(new Date(row.original.from)),
      },
      {
        id: 'to',
        header: 'To (UTC)',
        accessorFn: (a) => a.to ?? '9999',
        enableGrouping: false,
        cell: ({ row }) => (row.original.to ? formatUtc(new Date(row.original.to)) : OPEN_ENDED),
      },
      actionsColumn<DeviceAssignmentItem>((assignment) => ({
        tooltips: true,
        edit: {
          label: `Edit assignment ${assignment.id}`,
          onClick: () => setDialog({ assignment }),
        },
        delete: {
          label: `Delete assignment ${assignment.id}`,
          onClick: () => void handleDelete(assignment),
        },
      })),
    ],
    [handleDelete],
  );

  const periodCount = (deviceId: string) =>
    assignments.filter((a) => a.deviceId === deviceId).length;

  return (
    <Box sx={{ p: 3 }}>
      <Typography variant="h5" component="h1" gutterBottom>
        Device Assignment
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2, flexWrap: 'wrap' }}>
        {isAdmin ? (
          <TextField
            select
            size="small"
            label="Organization"
            value={organization ? organization.id : ''}
            onChange={(event) => setChosenId(event.target.value)}
            sx={{ minWidth: 260 }}
            data-testid="assignment-organization"
          >
            {organizations.map((o) => (
              <MenuItem key={o.id} value={o.id}>
                {o.name}
              </MenuItem>
            ))}
          </TextField>
        ) : (
          <Typography data-testid="assignment-organization-name">
            Organization: {organization?.name ?? user?.organization.name ?? ''}
          </Typography>
        )}
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }} data-testid="assignment-devices">
          <Typography variant="body2" color="text.secondary" sx={{ alignSelf: 'center' }}>
            Devices:
          </Typography>
          {organization && organization.devices.length === 0 ? (
            <Typography variant="body2" color="text.secondary" sx={{ alignSelf: 'center' }}>
              none
            </Typography>
          ) : null}
          {organization?.devices.map((device) => (
            <Chip
              key={device.id}
              size="small"
              label={`${device.id} · ${countOf(periodCount(device.id), 'period')}`}
            />
          ))}
        </Box>
      </Box>
      <DataTable
        ariaLabel="Device assignments"
        testId="assignments-table"
        data={assignments}
        columns={columns}
        getRowId={(assignment) => assignment.id}
        loading={loading || organizationsLoading}
        loadFailed={loadFailed}
        emptyText="No device assignments yet."
        initialGrouping={['device']}
        initialSorting={[
          { id: 'device', desc: false },
          { id: 'from', desc: false },
        ]}
        groupable
        searchable
        defaultPageSize={TABLE_PAGE_SIZE}
        toolbar={
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            disabled={!organization || organization.devices.length === 0}
            onClick={() => setDialog({ assignment: null })}
          >
            New Assignment
          </Button>
        }
      />
      {dialog && organization ? (
        <DeviceAssignmentDialog
          organization={organization}
          assignment={dialog.assignment}
          assignments={assignments}
          onClose={() => setDialog(null)}
        />
      ) : null}
      <UnassignedScansSection organization={organization} />
    </Box>
  );
}
