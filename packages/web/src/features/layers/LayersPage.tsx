import {
  CONFIRM_LAYER_DELETION,
  CONFIRM_LAYER_DELETION_TITLE,
  formatSize,
  LAYER_DELETED,
  TABLE_PAGE_SIZE,
} from '@asset-portal/shared';
import AddIcon from '@mui/icons-material/Add';
import FolderIcon from '@mui/icons-material/Folder';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Box, Button, Stack, Typography } from '@mui/material';
import type { ColumnDef } from '@tanstack/react-table';
import { useCallback, useMemo, useState } from 'react';
import { confirm } from '../../components/confirm/confirm-service.ts';
import { DataTable } from '../../components/data-table/DataTable.tsx';
import { actionsColumn } from '../../components/data-table/RowActions.tsx';
import { formatLocalTime } from '../../lib/local-time.ts';
import { snackbar } from '../../snackbar/snackbar-service.ts';
import { useCurrentProject } from '../projects/current-project-store.ts';
import { ProjectRequired } from '../projects/ProjectRequired.tsx';
import { LayerEditDialog } from './editor/LayerEditDialog.tsx';
import { ManageGroupsDialog } from './groups/ManageGroupsDialog.tsx';
import { LayerUploadDialog } from './LayerUploadDialog.tsx';
import { compareGroups, groupLabel, yesNo } from './layer-format.ts';
import type { LayerRow } from './layer-types.ts';
import { useDeleteProjectLayer, useProjectLayers } from './use-layers.ts';

type DialogState =
  | { kind: 'upload' }
  | { kind: 'groups' }
  | { kind: 'edit'; layer: LayerRow | null }
  | null;

/** The Layers screen: the selected project's map layers, grouped by their group. */
export function LayersPage() {
  const { project } = useCurrentProject();
  const projectId = project?.id ?? null;
  const { layers, loading, loadFailed, refetch } = useProjectLayers(projectId);
  const { deleteProjectLayer } = useDeleteProjectLayer();
  const [dialog, setDialog] = useState<DialogState>(null);
  const closeDialog = useCallback(() => setDialog(null), []);

  const handleDelete = useCallback(
    async (layer: LayerRow) => {
      const confirmed = await confirm({
        title: CONFIRM_LAYER_DELETION_TITLE,
        message: CONFIRM_LAYER_DELETION(layer.name),
      });
      if (!confirmed) return;
      try {
        await deleteProjectLayer(layer.id);
      } catch {
        // The error link has shown the server's message.
        return;
      }
      snackbar.success(LAYER_DELETED(layer.name));
    },
    [deleteProjectLayer],
  );

  const columns = useMemo(() => layerColumns(setDialog, handleDelete), [handleDelete]);

  return (
    <Box sx={{ p: 3 }}>
      <Typography variant="h5" component="h1" gutterBottom>
        Layers
      </Typography>
      <ProjectRequired>
        <DataTable
          testId="layers-table"
          ariaLabel="Layers"
          data={layers}
          columns={columns}
          getRowId={(layer) => layer.id}
          loading={loading}
          loadFailed={loadFailed}
          emptyText="No layers for this project yet."
          initialGrouping={['group']}
          initialSorting={[
            { id: 'group', desc: false },
            { id: 'name', desc: false },
          ]}
          groupable
          searchable
          searchPlaceholder="Search layers"
          pageSizeOptions={[25, 50, 100, 'all']}
          defaultPageSize={TABLE_PAGE_SIZE}
          toolbar={
            <Stack direction="row" spacing={1}>
              <Button startIcon={<UploadFileIcon />} onClick={() => setDialog({ kind: 'upload' })}>
                Upload
              </Button>
              <Button startIcon={<FolderIcon />} onClick={() => setDialog({ kind: 'groups' })}>
                Manage Groups
              </Button>
              <Button
                startIcon={<AddIcon />}
                onClick={() => setDialog({ kind: 'edit', layer: null })}
              >
                Create
              </Button>
            </Stack>
          }
        />
      </ProjectRequired>
      {project && dialog?.kind === 'upload' ? (
        <LayerUploadDialog projectId={project.id} onClose={closeDialog} />
      ) : null}
      {project ? (
        <>
          <ManageGroupsDialog
            open={dialog?.kind === 'groups'}
            projectId={project.id}
            onClose={() => {
              closeDialog();
              // A deleted or renamed group changes the grouping of the table.
              void refetch();
            }}
          />
          <LayerEditDialog
            open={dialog?.kind === 'edit'}
            projectId={project.id}
            layer={dialog?.kind === 'edit' ? dialog.layer : null}
            onClose={closeDialog}
            onSaved={() => void refetch()}
          />
        </>
      ) : null}
    </Box>
  );
}

function layerColumns(
  setDialog: (dialog: DialogState) => void,
  handleDelete: (layer: LayerRow) => Promise<void>,
): ColumnDef<LayerRow, unknown>[] {
  return [
    {
      id: 'name',
      header: 'Name',
      accessorKey: 'name',
      enableGrouping: false,
      cell: ({ row }) => <span data-testid="layer-name">{row.original.name}</span>,
    },
    {
      id: 'group',
      header: 'Group',
      accessorFn: groupLabel,
      // Group rows carry their first layer, so this orders the groups too: 'Ungrouped' last.
      sortingFn: (a, b) => compareGroups(a.original, b.original),
    },
    {
      id: 'features',
      header: 'Features',
      accessorKey: 'featureCount',
      enableGrouping: false,
      enableGlobalFilter: false,
      cell: ({ row }) => <span data-testid="layer-feature-count">{row.original.featureCount}</span>,
    },
    {
      id: 'size',
      header: 'Size',
      accessorKey: 'sourceBytes',
      enableGrouping: false,
      enableGlobalFilter: false,
      cell: ({ row }) => formatSize(row.original.sourceBytes),
    },
    {
      id: 'showByDefault',
      header: 'Show by default',
      accessorFn: (layer) => yesNo(layer.showByDefault),
    },
    { id: 'hide', header: 'Hide', accessorFn: (layer) => yesNo(layer.ignore) },
    {
      id: 'lastModified',
      header: 'Last Modified',
      accessorFn: (layer) => formatLocalTime(layer.lastModified),
      sortingFn: (a, b) =>
        Date.parse(a.original.lastModified) - Date.parse(b.original.lastModified),
      enableGrouping: false,
      enableGlobalFilter: false,
    },
    actionsColumn<LayerRow>((layer) => ({
      edit: {
        label: `Edit layer ${layer.name}`,
        onClick: () => setDialog({ kind: 'edit', layer }),
      },
      delete: { label: `Delete layer ${layer.name}`, onClick: () => void handleDelete(layer) },
    })),
  ];
}
