import { IMPORTED_SCAN_SUBMITTED } from '@asset-portal/shared';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import MapIcon from '@mui/icons-material/Map';
import ReplayIcon from '@mui/icons-material/Replay';
import { Box, Chip, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import type { ColumnDef } from '@tanstack/react-table';
import { useCallback, useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { confirm } from '../../components/confirm/confirm-service.ts';
import { DataTable } from '../../components/data-table/DataTable.tsx';
import { FailureReason } from '../../components/failure-reason/FailureReason.tsx';
import { formatLocalTime } from '../../lib/local-time.ts';
import { snackbar } from '../../snackbar/snackbar-service.ts';
import { useCurrentProject } from '../projects/current-project-store.ts';
import { ProjectRequired } from '../projects/ProjectRequired.tsx';
import { scanLink } from '../viewer/scan-link.ts';
import { ImportedScanCreateDialog } from './ImportedScanCreateDialog.tsx';
import { ImportedScanEditDialog } from './ImportedScanEditDialog.tsx';
import {
  canProcessAgain,
  failureReason,
  formatPointCount,
  pointCountOf,
  processingChip,
  statusChip,
  utmOf,
} from './imported-scan-format.ts';
import {
  CONFIRM_IMPORTED_SCAN_DELETION,
  CONFIRM_IMPORTED_SCAN_DELETION_TITLE,
  IMPORTED_SCAN_CREATE_TITLE,
  IMPORTED_SCAN_DELETED,
  PROCESS_AGAIN,
  PROCESS_AGAIN_LABEL,
} from './imported-scan-texts.ts';
import {
  type ImportedScanItem,
  useDeleteImportedScan,
  useImportedScanCalls,
  useImportedScans,
} from './use-imported-scans.ts';

type DialogState = { kind: 'create' } | { kind: 'edit'; scan: ImportedScanItem } | null;

/**
 * Completed/Pending, plus the last run's state when it is running or failed; a failure's reason
 * is written under the chips (a user must see why before mending it), a run's progress is the
 * chip's tooltip.
 */
function StatusCell({ scan }: { scan: ImportedScanItem }) {
  const status = statusChip(scan);
  const processing = processingChip(scan);
  const reason = failureReason(scan);
  return (
    <Stack spacing={0.5} sx={{ maxWidth: 320 }}>
      <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        <Chip
          size="small"
          label={status.label}
          color={status.color}
          data-testid="imported-scan-status"
        />
        {processing ? (
          <Tooltip title={reason ? '' : (processing.tooltip ?? '')}>
            <Chip
              size="small"
              variant="outlined"
              label={processing.label}
              color={processing.color}
              data-testid="imported-scan-processing"
              data-message={processing.tooltip ?? ''}
            />
          </Tooltip>
        ) : null}
      </Stack>
      {reason ? <FailureReason reason={reason} testId="imported-scan-failure" /> : null}
    </Stack>
  );
}

/** The Imported Scans screen: the selected project's imported LAS scans, created, edited, deleted. */
export function ImportedScansPage() {
  const { project } = useCurrentProject();
  const { scans, loading, loadFailed } = useImportedScans(project?.id ?? null);
  const deleteScan = useDeleteImportedScan();
  const { process: processScan, refetch } = useImportedScanCalls();
  const [dialog, setDialog] = useState<DialogState>(null);

  const handleDelete = useCallback(
    async (scan: ImportedScanItem) => {
      const confirmed = await confirm({
        title: CONFIRM_IMPORTED_SCAN_DELETION_TITLE,
        message: CONFIRM_IMPORTED_SCAN_DELETION(scan.friendlyName),
      });
      if (!confirmed) return;
      try {
        await deleteScan(scan.id);
      } catch {
        // The error link has shown the server's message.
        return;
      }
      snackbar.success(IMPORTED_SCAN_DELETED);
    },
    [deleteScan],
  );

  const handleProcessAgain = useCallback(
    async (scan: ImportedScanItem) => {
      if (!scan.sourceS3Url) return;
      try {
        await processScan(scan.id, scan.sourceS3Url, scan.trajectory);
      } catch {
        // The error link has shown the server's message.
        return;
      }
      snackbar.success(IMPORTED_SCAN_SUBMITTED);
      await refetch();
    },
    [processScan, refetch],
  );

  const columns = useMemo<ColumnDef<ImportedScanItem, unknown>[]>(
    () => [
      {
        id: 'name',
        header: 'Name',
        accessorKey: 'friendlyName',
        cell: ({ row }) => (
          <span data-testid="imported-scan-name-cell">{row.original.friendlyName}</span>
        ),
      },
      { id: 'comment', header: 'Comment', accessorFn: (scan) => scan.comment ?? '' },
      { id: 'utm', header: 'UTM', accessorFn: (scan) => utmOf(scan.metadata) },
      {
        id: 'points',
        header: 'Points',
        accessorFn: (scan) => formatPointCount(scan.metadata),
        sortingFn: (a, b) =>
          (pointCountOf(a.original.metadata) ?? -1) - (pointCountOf(b.original.metadata) ?? -1),
        cell: ({ row }) => (
          <span data-testid="imported-scan-points">{formatPointCount(row.original.metadata)}</span>
        ),
      },
      {
        id: 'captured',
        header: 'Captured',
        accessorFn: (scan) => formatLocalTime(scan.capturedTimestamp),
        sortingFn: (a, b) =>
          Date.parse(a.original.capturedTimestamp ?? '') -
          Date.parse(b.original.capturedTimestamp ?? ''),
      },
      {
        id: 'status',
        header: 'Status',
        accessorKey: 'status',
        cell: ({ row }) => <StatusCell scan={row.original} />,
      },
      {
        id: 'actions',
        header: 'Actions',
        enableSorting: false,
        enableGlobalFilter: false,
        cell: ({ row }) => {
          const scan = row.original;
          return (
            <Box component="span" sx={{ display: 'inline-flex', whiteSpace: 'nowrap' }}>
              <Tooltip title="Edit">
                <IconButton
                  size="small"
                  aria-label={`Edit imported scan ${scan.friendlyName}`}
                  onClick={() => setDialog({ kind: 'edit', scan })}
                >
                  <EditIcon fontSize="small" />
                </IconButton>
              </Tooltip>
              <Tooltip title="Delete">
                <IconButton
                  size="small"
                  aria-label={`Delete imported scan ${scan.friendlyName}`}
                  onClick={() => void handleDelete(scan)}
                >
                  <DeleteIcon fontSize="small" />
                </IconButton>
              </Tooltip>
              {canProcessAgain(scan) ? (
                <Tooltip title={PROCESS_AGAIN}>
                  <IconButton
                    size="small"
                    aria-label={PROCESS_AGAIN_LABEL(scan.friendlyName)}
                    onClick={() => void handleProcessAgain(scan)}
                  >
                    <ReplayIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
              ) : null}
              <Tooltip title="Open in viewer">
                <IconButton
                  size="small"
                  component={RouterLink}
                  to={scanLink(scan.id)}
                  aria-label={`Open imported scan ${scan.friendlyName} in the viewer`}
                >
                  <MapIcon fontSize="small" />
                </IconButton>
              </Tooltip>
            </Box>
          );
        },
      },
    ],
    [handleDelete, handleProcessAgain],
  );

  return (
    <Box sx={{ p: 3 }}>
      <Typography variant="h5" component="h1" gutterBottom>
        Imported Scans
      </Typography>
      <ProjectRequired>
        <DataTable
          testId="imported-scans-table"
          ariaLabel="Imported scans"
          data={scans}
          columns={columns}
          getRowId={(scan) => scan.id}
          loading={loading}
          loadFailed={loadFailed}
          emptyText="No imported scans for this project yet."
          initialSorting={[{ id: 'name', desc: false }]}
          searchable
          searchPlaceholder="Search imported scans"
          pageSizeOptions={[25, 50, 100, 'all']}
          defaultPageSize={25}
          toolbar={
            <Tooltip title={IMPORTED_SCAN_CREATE_TITLE}>
              <IconButton
                color="primary"
                aria-label={IMPORTED_SCAN_CREATE_TITLE}
                onClick={() => setDialog({ kind: 'create' })}
              >
                <AddIcon />
              </IconButton>
            </Tooltip>
          }
        />
      </ProjectRequired>
      {dialog?.kind === 'create' && project ? (
        <ImportedScanCreateDialog projectId={project.id} onClose={() => setDialog(null)} />
      ) : null}
      {dialog?.kind === 'edit' ? (
        <ImportedScanEditDialog
          key={dialog.scan.id}
          scan={dialog.scan}
          onClose={() => setDialog(null)}
        />
      ) : null}
    </Box>
  );
}
