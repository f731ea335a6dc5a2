import {
  CONFIRM_USER_DELETION,
  CONFIRM_USER_DELETION_TITLE,
  USER_DELETED,
  USER_INVITED,
  USERS_PAGE_SIZE,
} from '@asset-portal/shared';
import AddIcon from '@mui/icons-material/Add';
import { Box, Button, Checkbox, Typography } from '@mui/material';
import type { ColumnDef } from '@tanstack/react-table';
import { useCallback, useMemo, useState } from 'react';
import { useSession } from '../../auth/SessionContext.tsx';
import { confirm } from '../../components/confirm/confirm-service.ts';
import { DataTable } from '../../components/data-table/DataTable.tsx';
import { actionsColumn } from '../../components/data-table/RowActions.tsx';
import { snackbar } from '../../snackbar/snackbar-service.ts';
import { EditUserDialog } from './EditUserDialog.tsx';
import { InvitationSentDialog } from './InvitationSentDialog.tsx';
import { NewUserDialog } from './NewUserDialog.tsx';
import {
  type CreatedUser,
  type UserItem,
  useDeleteUser,
  useOrgUsers,
  useUserOrganizations,
} from './use-users.ts';

const ELLIPSIS = {
  display: 'block',
  maxWidth: 150,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
} as const;

// Nine columns share the width beside the side menu: narrower cell padding.
const COMPACT_CELLS = { '& .MuiTableCell-root': { px: 0.75 } } as const;

type DialogState =
  | { kind: 'new' }
  | { kind: 'edit'; user: UserItem }
  | { kind: 'invited'; user: CreatedUser & { invitationUrl: string } }
  | null;

/**
 * The Users screen: grouped by organization, sorted by name, 25 per page. Admin sees every
 * user, a Power User their organization's (the server scopes the list).
 */
export function UsersPage() {
  const { session } = useSession();
  const viewer = session.status === 'signedIn' ? session.user : null;
  const isPowerUser = viewer?.userType === 'Power User';
  const { users, loading, loadFailed } = useOrgUsers();
  const { organizations } = useUserOrganizations();
  const deleteUser = useDeleteUser();
  const [dialog, setDialog] = useState<DialogState>(null);

  const handleDelete = useCallback(
    async (user: UserItem) => {
      const confirmed = await confirm({
        title: CONFIRM_USER_DELETION_TITLE,
        message: CONFIRM_USER_DELETION(user.name),
      });
      if (!confirmed) return;
      try {
        await deleteUser(user.id);
      } catch {
        // The error link has shown the server's message.
        return;
      }
      snackbar.success(USER_DELETED(user.name));
    },
    [deleteUser],
  );

  const handleInvited = (user: CreatedUser) => {
    // The link is only returned when the admin has to pass it on (outbox or failed e-mail).
    if (user.invitationUrl) {
      // The dialog says what became of it: nothing was sent, so no 'Invitation sent' beside it.
      setDialog({ kind: 'invited', user: { ...user, invitationUrl: user.invitationUrl } });
      return;
    }
    snackbar.success(USER_INVITED(user.email));
    setDialog(null);
  };

  const columns = useMemo<ColumnDef<UserItem, unknown>[]>(
    () => [
      {
        id: 'id',
        header: 'Id',
        accessorFn: (user) => Number(user.id),
        enableGrouping: false,
      },
      { id: 'name', header: 'Name', accessorKey: 'name', enableGrouping: false },
      {
        id: 'organization',
        header: 'Organization',
        accessorFn: (user) => user.organization?.name ?? '',
      },
      { id: 'userType', header: 'User Type', accessorKey: 'userType' },
      { id: 'username', header: 'Username', accessorKey: 'username', enableGrouping: false },
      {
        id: 'email',
        header: 'Email',
        accessorKey: 'email',
        enableGrouping: false,
        // Long addresses are cut with an ellipsis so Enabled and Actions stay in view.
        cell: ({ row }) => (
          <Box component="span" title={row.original.email} sx={ELLIPSIS}>
            {row.original.email}
          </Box>
        ),
      },
      {
        id: 'phone',
        header: 'Phone',
        accessorFn: (user) => user.phone ?? '',
        enableGrouping: false,
        cell: ({ row }) => (
          <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
            {row.original.phone ?? ''}
          </Box>
        ),
      },
      {
        id: 'enabled',
        header: 'Enabled',
        accessorFn: (user) => (user.enabled ? 'Yes' : 'No'),
        enableGlobalFilter: false,
        enableGrouping: false,
        cell: ({ row }) => (
          <Checkbox
            size="small"
            checked={row.original.enabled}
            disabled
            slotProps={{
              input: {
                'aria-label': row.original.enabled ? 'Enabled' : 'Disabled',
              },
            }}
            sx={{ p: 0 }}
          />
        ),
      },
      actionsColumn<UserItem>((user) => {
        const isSelf = viewer?.id === user.id;
        // A Power User cannot change Admins (the server refuses it too).
        const locked = isPowerUser && user.userType === 'Admin';
        return {
          edit: {
            label: `Edit user ${user.name}`,
            disabled: locked,
            onClick: () => setDialog({ kind: 'edit', user }),
          },
          delete: {
            label: `Delete user ${user.name}`,
            disabled: locked || isSelf,
            disabledReason: isSelf ? 'You cannot delete your own user' : undefined,
            onClick: () => void handleDelete(user),
          },
        };
      }),
    ],
    [handleDelete, isPowerUser, viewer?.id],
  );

  const ownOrganizationId = isPowerUser ? (viewer?.organization.id ?? null) : null;

  return (
    <Box sx={{ p: 3 }}>
      <Typography variant="h5" component="h1" gutterBottom>
        Users
      </Typography>
      <Box sx={COMPACT_CELLS}>
        <DataTable
          testId="users-table"
          ariaLabel="Users"
          data={users}
          columns={columns}
          getRowId={(user) => user.id}
          loading={loading}
          emptyText="No users yet."
          loadFailed={loadFailed}
          // Groups in organization-name order, users by name within each (as Projects).
          initialSorting={[
            { id: 'organization', desc: false },
            { id: 'name', desc: false },
          ]}
          initialGrouping={['organization']}
          groupable
          searchable
          searchPlaceholder="Search users"
          pageSizeOptions={[25, 50, 100, 'all']}
          defaultPageSize={USERS_PAGE_SIZE}
          toolbar={
            <Button
              variant="contained"
              startIcon={<AddIcon />}
              onClick={() => setDialog({ kind: 'new' })}
            >
              New User
            </Button>
          }
        />
      </Box>
      {dialog?.kind === 'new' ? (
        <NewUserDialog
          organizations={organizations}
          fixedOrganizationId={ownOrganizationId}
          onInvited={handleInvited}
          onClose={() => setDialog(null)}
        />
      ) : null}
      {dialog?.kind === 'edit' ? (
        <EditUserDialog
          key={dialog.user.id}
          user={dialog.user}
          organizations={organizations}
          organizationFixed={isPowerUser}
          isSelf={viewer?.id === dialog.user.id}
          onClose={() => setDialog(null)}
        />
      ) : null}
      {dialog?.kind === 'invited' ? (
        <InvitationSentDialog user={dialog.user} onClose={() => setDialog(null)} />
      ) : null}
    </Box>
  );
}
