import { REGISTER_DEVICE } from '@asset-portal/shared';
import AddIcon from '@mui/icons-material/Add';
import { Box, Button, Chip, Typography } from '@mui/material';
import type { ColumnDef } from '@tanstack/react-table';
import { useCallback, useMemo, useState } from 'react';
import { confirm } from '../../components/confirm/confirm-service.ts';
import { DataTable } from '../../components/data-table/DataTable.tsx';
import { actionsColumn } from '../../components/data-table/RowActions.tsx';
import { snackbar } from '../../snackbar/snackbar-service.ts';
import { OrganizationDialog } from './OrganizationDialog.tsx';
import { deviceLabel, ORGANIZATION_TEXTS } from './organization-texts.ts';
import { RegisterDeviceDialog } from './RegisterDeviceDialog.tsx';
import {
  type OrganizationItem,
  useDeleteOrganization,
  useOrganizations,
} from './use-organizations.ts';

type Column = ColumnDef<OrganizationItem, unknown>;
type DialogState = { organization: OrganizationItem | null } | null;

/** The Organizations screen (Admin): organizations, their devices and their buckets. */
export function OrganizationsPage() {
  const { organizations, loading, loadFailed } = useOrganizations();
  const { deleteOrganization } = useDeleteOrganization();
  const [dialog, setDialog] = useState<DialogState>(null);
  const [registering, setRegistering] = useState(false);

  const handleDelete = useCallback(
    async (organization: OrganizationItem) => {
      const confirmed = await confirm({
        title: ORGANIZATION_TEXTS.deleteTitle,
        message: ORGANIZATION_TEXTS.deleteMessage(organization.name),
      });
      if (!confirmed) return;
      try {
        await deleteOrganization(organization.id);
      } catch {
        // The error link shows why the server refused (users, projects, buckets or scans).
        return;
      }
      snackbar.success(ORGANIZATION_TEXTS.deleted);
    },
    [deleteOrganization],
  );

  const columns = useMemo<Column[]>(
    () => [
      {
        id: 'id',
        header: 'Id',
        accessorFn: (organization) => Number(organization.id),
        enableGlobalFilter: false,
      },
      { id: 'name', header: 'Name', accessorKey: 'name' },
      {
        id: 'devices',
        header: 'Devices',
        accessorFn: (organization) => organization.devices.map((d) => d.id).join(' '),
        enableSorting: false,
        cell: ({ row }) => (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
            {row.original.devices.map((device) => (
              <Chip key={device.id} size="small" label={deviceLabel(device)} />
            ))}
          </Box>
        ),
      },
      {
        id: 'buckets',
        header: 'Buckets',
        accessorFn: (organization) => organization.buckets.map((b) => b.name).join(', '),
        enableSorting: false,
      },
      actionsColumn<OrganizationItem>((organization) => ({
        edit: {
          label: `Edit organization ${organization.name}`,
          onClick: () => setDialog({ organization }),
        },
        delete: {
          label: `Delete organization ${organization.name}`,
          onClick: () => void handleDelete(organization),
        },
      })),
    ],
    [handleDelete],
  );

  // The dialog edits the latest copy, so bucket changes made inside it show at once.
  const editing = dialog?.organization
    ? (organizations.find((o) => o.id === dialog.organization?.id) ?? dialog.organization)
    : null;

  return (
    <Box sx={{ p: 3 }}>
      <Typography variant="h5" component="h1" gutterBottom>
        Organizations
      </Typography>
      <DataTable
        testId="organizations-table"
        ariaLabel="Organizations"
        data={organizations}
        columns={columns}
        getRowId={(organization) => organization.id}
        loading={loading}
        emptyText="No organizations yet."
        loadFailed={loadFailed}
        initialSorting={[{ id: 'name', desc: false }]}
        searchable
        searchPlaceholder="Search organizations"
        pageSizeOptions={[25, 50, 100, 'all']}
        defaultPageSize={25}
        toolbar={
          <Box sx={{ display: 'flex', gap: 1 }}>
            <Button
              variant="contained"
              startIcon={<AddIcon />}
              onClick={() => setDialog({ organization: null })}
            >
              {ORGANIZATION_TEXTS.newTitle}
            </Button>
            <Button
              variant="outlined"
              startIcon={<AddIcon />}
              disabled={organizations.length === 0}
              onClick={() => setRegistering(true)}
            >
              {REGISTER_DEVICE}
            </Button>
          </Box>
        }
      />
      {dialog ? (
        <OrganizationDialog
          key={dialog.organization?.id ?? 'new'}
          organization={editing}
          onClose={() => setDialog(null)}
        />
      ) : null}
      {registering ? (
        <RegisterDeviceDialog organizations={organizations} onClose={() => setRegistering(false)} />
      ) : null}
    </Box>
  );
}
