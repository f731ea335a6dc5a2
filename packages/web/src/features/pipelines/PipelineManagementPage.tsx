import {
  canMarkPipelineGlobal,
  PIPELINE_DELETE_TITLE,
  PIPELINE_DELETED,
  PIPELINE_ENGINE_REFUSES,
  pipelineDeleteMessage,
} from '@asset-portal/shared';
import AddIcon from '@mui/icons-material/Add';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import {
  Backdrop,
  Box,
  Chip,
  CircularProgress,
  IconButton,
  Stack,
  Tooltip,
  Typography,
} from '@mui/material';
import type { ColumnDef } from '@tanstack/react-table';
import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { useSession } from '../../auth/SessionContext.tsx';
import { confirm } from '../../components/confirm/confirm-service.ts';
import { DataTable } from '../../components/data-table/DataTable.tsx';
import { actionsColumn } from '../../components/data-table/RowActions.tsx';
import { formatLocalTime } from '../../lib/local-time.ts';
import { snackbar } from '../../snackbar/snackbar-service.ts';
import { useCurrentProject } from '../projects/current-project-store.ts';
import { ProjectRequired } from '../projects/ProjectRequired.tsx';
import { type PipelineItem, useDeletePipeline, useProjectPipelines } from './use-pipelines.ts';

// The dialog carries CodeMirror; it is fetched the first time a dialog opens.
const PipelineDialog = lazy(() =>
  import('./PipelineDialog.tsx').then((module) => ({ default: module.PipelineDialog })),
);

type DialogState = { pipeline: PipelineItem | null } | null;

const NO_DEPENDENCIES = 'No dependencies';
const GLOBAL_ONLY_VENDOR = 'Only the vendor organization can change global pipelines';

/**
 * Beside the name of a pipeline the built-in engine would refuse: a warning whose tooltip (and
 * accessible name) says why, as the editor's verdict does, before anyone picks it to process.
 */
function EngineRefusal({ errors }: { errors: readonly string[] }) {
  if (errors.length === 0) return null;
  const reason = `${PIPELINE_ENGINE_REFUSES} ${errors.join(' ')}`;
  return (
    <Tooltip title={reason}>
      <WarningAmberIcon
        color="warning"
        fontSize="small"
        role="img"
        aria-label={reason}
        data-testid="pipeline-engine-refusal"
      />
    </Tooltip>
  );
}

/** The Pipeline Management screen: the selected project's pipelines and the global ones. */
export function PipelineManagementPage() {
  const { session } = useSession();
  const { project } = useCurrentProject();
  const projectId = project?.id ?? null;
  const { pipelines, loading, loadFailed } = useProjectPipelines(projectId);
  const { deletePipeline } = useDeletePipeline();
  const [dialog, setDialog] = useState<DialogState>(null);
  const organizationName =
    session.status === 'signedIn' ? session.user.organization.name : undefined;
  const canMarkGlobal = canMarkPipelineGlobal(organizationName);

  const handleDelete = useCallback(
    async (pipeline: PipelineItem) => {
      const confirmed = await confirm({
        title: PIPELINE_DELETE_TITLE,
        message: pipelineDeleteMessage(pipeline.name),
      });
      if (!confirmed) return;
      try {
        await deletePipeline(pipeline.id);
      } catch {
        // The error link has shown the server's message.
        return;
      }
      snackbar.success(PIPELINE_DELETED);
    },
    [deletePipeline],
  );

  const columns = useMemo<ColumnDef<PipelineItem, unknown>[]>(
    () => [
      {
        id: 'name',
        header: 'Name',
        accessorKey: 'name',
        cell: ({ row }) => (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <span data-testid="pipeline-name">{row.original.name}</span>
            {row.original.global ? (
              <Chip size="small" color="primary" variant="outlined" label="Global" />
            ) : null}
            <EngineRefusal errors={row.original.engineErrors} />
          </Stack>
        ),
      },
      { id: 'description', header: 'Description', accessorKey: 'description' },
      {
        id: 'dependencies',
        header: 'Dependencies',
        // Grouping and search use the text; the cell shows chips.
        accessorFn: (pipeline) => pipeline.dependencies.join(', ') || NO_DEPENDENCIES,
        cell: ({ row }) => (
          <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap' }}>
            {row.original.dependencies.map((dependency) => (
              <Chip key={dependency} size="small" label={dependency} />
            ))}
          </Stack>
        ),
      },
      {
        id: 'lastModified',
        header: 'Last Modified',
        accessorFn: (pipeline) => formatLocalTime(pipeline.lastModified),
        sortingFn: (a, b) =>
          Date.parse(a.original.lastModified ?? '') - Date.parse(b.original.lastModified ?? ''),
        enableGrouping: false,
      },
      actionsColumn<PipelineItem>((pipeline) => {
        const locked = pipeline.global && !canMarkGlobal;
        return {
          edit: {
            label: `Edit pipeline ${pipeline.name}`,
            disabled: locked,
            disabledReason: GLOBAL_ONLY_VENDOR,
            onClick: () => setDialog({ pipeline }),
          },
          delete: {
            label: `Delete pipeline ${pipeline.name}`,
            disabled: locked,
            disabledReason: GLOBAL_ONLY_VENDOR,
            onClick: () => void handleDelete(pipeline),
          },
        };
      }),
    ],
    [canMarkGlobal, handleDelete],
  );

  return (
    <Box sx={{ p: 3 }}>
      <Typography variant="h5" component="h1" gutterBottom>
        Pipeline Management
      </Typography>
      <ProjectRequired>
        <DataTable
          testId="pipelines-table"
          ariaLabel="Pipelines"
          data={pipelines}
          columns={columns}
          getRowId={(pipeline) => pipeline.id}
          loading={loading}
          loadFailed={loadFailed}
          emptyText="No pipelines for this project yet."
          initialSorting={[{ id: 'name', desc: false }]}
          groupable
          searchable
          searchPlaceholder="Search pipelines"
          pageSizeOptions={[25, 50, 100, 'all']}
          defaultPageSize={25}
          toolbar={
            <Tooltip title="Create Pipeline">
              <IconButton
                color="primary"
                aria-label="Create Pipeline"
                onClick={() => setDialog({ pipeline: null })}
              >
                <AddIcon />
              </IconButton>
            </Tooltip>
          }
        />
      </ProjectRequired>
      {dialog && project ? (
        <Suspense
          fallback={
            <Backdrop open sx={{ zIndex: (theme) => theme.zIndex.modal }}>
              <CircularProgress aria-label="Loading the pipeline editor" />
            </Backdrop>
          }
        >
          <PipelineDialog
            key={dialog.pipeline?.id ?? 'new'}
            pipeline={dialog.pipeline}
            projectId={project.id}
            canMarkGlobal={canMarkGlobal}
            onClose={() => setDialog(null)}
          />
        </Suspense>
      ) : null}
    </Box>
  );
}
