import {
  GROUP_DELETED,
  GROUP_FOR_ALL_ORGANIZATIONS_ADMIN_ONLY,
  LAYER_UPDATED,
} from '@asset-portal/shared';
import {
  Autocomplete,
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { confirm } from '../../../components/confirm/confirm-service.ts';
import { RowActions } from '../../../components/data-table/RowActions.tsx';
import { snackbar } from '../../../snackbar/snackbar-service.ts';
import type { LayerGroup } from '../layer-types.ts';
import {
  type GroupLayerChoice,
  useAssignLayerGroup,
  useDeleteLayerGroup,
  useGroupLayerChoices,
  useLayerGroups,
} from '../use-layer-groups.ts';
import { GroupFormDialog } from './GroupFormDialog.tsx';
import { layerGroupChanges } from './group-changes.ts';

const DIALOG_WIDTH = 950;

export interface ManageGroupsDialogProps {
  open: boolean;
  projectId: string;
  onClose(): void;
}

/** 'Manage Groups': the project's groups and the global ones, their layers, create/edit/delete. */
export function ManageGroupsDialog({ open, projectId, onClose }: ManageGroupsDialogProps) {
  const { groups, loading } = useLayerGroups(open ? projectId : null);
  const { layers } = useGroupLayerChoices(open ? projectId : null);
  const { deleteGroup } = useDeleteLayerGroup();
  const { assignLayer } = useAssignLayerGroup();
  // undefined: no form open; null: the create form.
  const [editing, setEditing] = useState<LayerGroup | null | undefined>(undefined);
  const [busyGroup, setBusyGroup] = useState<string | null>(null);

  const remove = async (group: LayerGroup) => {
    const confirmed = await confirm({
      title: 'Delete Group',
      message: `Delete the group ${group.name}? Its layers stay in their projects, ungrouped.`,
    });
    if (!confirmed) return;
    setBusyGroup(group.id);
    try {
      await deleteGroup(group.id);
      snackbar.success(GROUP_DELETED(group.name));
    } catch {
      // The error link has shown the server's message.
    } finally {
      setBusyGroup(null);
    }
  };

  const assign = async (group: LayerGroup, chosen: GroupLayerChoice[]) => {
    const { add, remove: taken } = layerGroupChanges(group.id, layers, chosen);
    setBusyGroup(group.id);
    try {
      for (const layer of add) {
        await assignLayer(layer.id, group.id);
        snackbar.success(LAYER_UPDATED(layer.name));
      }
      for (const layer of taken) {
        await assignLayer(layer.id, null);
        snackbar.success(LAYER_UPDATED(layer.name));
      }
    } catch {
      // The error link has shown the server's message; the list shows what was saved.
    } finally {
      setBusyGroup(null);
    }
  };

  return (
    <>
      <Dialog
        open={open}
        onClose={onClose}
        aria-labelledby="manage-groups-title"
        slotProps={{
          paper: {
            sx: { width: DIALOG_WIDTH, maxWidth: DIALOG_WIDTH },
            'data-testid': 'manage-groups-dialog',
          } as object,
        }}
      >
        <DialogTitle id="manage-groups-title">Manage Groups</DialogTitle>
        <DialogContent>
          <Box sx={{ display: 'flex', alignItems: 'center', mb: 1 }}>
            <Typography variant="body2" color="text.secondary" sx={{ flex: 1 }}>
              Groups of this project and global groups. A layer is in at most one group.
            </Typography>
            <Button variant="contained" onClick={() => setEditing(null)}>
              Create Group
            </Button>
          </Box>
          <Table size="small" data-testid="groups-table">
            <TableHead>
              <TableRow>
                <TableCell sx={{ width: 220 }}>Name</TableCell>
                <TableCell sx={{ width: 220 }}>Description</TableCell>
                <TableCell>Layers in this project</TableCell>
                <TableCell sx={{ width: 96 }} align="right">
                  Actions
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {groups.length === 0 ? (
                <TableRow>
                  <TableCell colSpan={4}>
                    <Typography variant="body2" color="text.secondary" data-testid="groups-empty">
                      {loading ? 'Loading…' : 'No groups yet.'}
                    </Typography>
                  </TableCell>
                </TableRow>
              ) : null}
              {groups.map((group) => {
                const members = layers.filter((layer) => layer.vendorId === group.id);
                return (
                  <TableRow key={group.id} data-testid={`group-row-${group.id}`}>
                    <TableCell data-testid="group-name">
                      {group.name}
                      {group.projectId === null ? (
                        <Chip size="small" label="Global" sx={{ ml: 1 }} />
                      ) : null}
                    </TableCell>
                    <TableCell>{group.description}</TableCell>
                    <TableCell>
                      <Autocomplete
                        multiple
                        size="small"
                        options={layers}
                        value={members}
                        disabled={busyGroup === group.id}
                        disableClearable
                        isOptionEqualToValue={(option, value) => option.id === value.id}
                        getOptionLabel={(option) => option.name}
                        onChange={(_event, chosen) => void assign(group, chosen)}
                        renderOption={({ key, ...props }, option) => (
                          <li key={key} {...props}>
                            <Box>
                              {option.name}
                              {option.vendor && option.vendorId !== group.id ? (
                                <Typography variant="caption" color="text.secondary" sx={{ ml: 1 }}>
                                  in {option.vendor.name}
                                </Typography>
                              ) : null}
                            </Box>
                          </li>
                        )}
                        renderInput={(params) => (
                          <TextField
                            {...params}
                            placeholder={members.length === 0 ? 'Add layers' : undefined}
                            slotProps={{
                              ...params.slotProps,
                              htmlInput: {
                                ...params.slotProps.htmlInput,
                                'aria-label': `Layers of ${group.name}`,
                              },
                            }}
                          />
                        )}
                      />
                    </TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      <RowActions
                        edit={{
                          label: `Edit group ${group.name}`,
                          tooltip: 'Edit group',
                          onClick: () => setEditing(group),
                          disabled: !group.canChange,
                          disabledReason: GROUP_FOR_ALL_ORGANIZATIONS_ADMIN_ONLY,
                        }}
                        delete={{
                          label: `Delete group ${group.name}`,
                          tooltip: 'Delete group',
                          onClick: () => void remove(group),
                          disabled: !group.canChange || busyGroup === group.id,
                          // While its deletion runs the button says what it is, not a refusal.
                          disabledReason: group.canChange
                            ? 'Delete group'
                            : GROUP_FOR_ALL_ORGANIZATIONS_ADMIN_ONLY,
                        }}
                      />
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Close</Button>
        </DialogActions>
      </Dialog>
      {open && editing !== undefined ? (
        <GroupFormDialog
          key={editing?.id ?? 'new'}
          group={editing}
          projectId={projectId}
          onClose={() => setEditing(undefined)}
        />
      ) : null}
    </>
  );
}
