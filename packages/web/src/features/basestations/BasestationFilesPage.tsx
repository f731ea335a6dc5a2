import { BASESTATION_DELETED, CONFIRM_BASESTATION_DELETION_TITLE } from '@asset-portal/shared';
import DeleteIcon from '@mui/icons-material/Delete';
import DownloadIcon from '@mui/icons-material/Download';
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import UploadIcon from '@mui/icons-material/Upload';
import { Box, Button, Chip, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import type { ColumnDef } from '@tanstack/react-table';
import { useCallback, useMemo, useState } from 'react';
import { confirm } from '../../components/confirm/confirm-service.ts';
import { DataTable } from '../../components/data-table/DataTable.tsx';
import { DataTableSearch } from '../../components/data-table/DataTableSearch.tsx';
import { FailureReason } from '../../components/failure-reason/FailureReason.tsx';
import { snackbar } from '../../snackbar/snackbar-service.ts';
import { useCurrentProject } from '../projects/current-project-store.ts';
import { ProjectRequired } from '../projects/ProjectRequired.tsx';
import { ProcessingRunList } from '../trajectory/ProcessingRunList.tsx';
import { RunStatusChips } from '../trajectory/RunStatusChips.tsx';
import {
  basestationMatchesSearch,
  basestationStatusColor,
  formatPoint,
  formatUtc,
  isBasestationActive,
  isRunActive,
} from '../trajectory/trajectory-format.ts';
import { UtcTime } from '../trajectory/UtcTime.tsx';
import { useRouteSearch } from '../trajectory/use-route-search.ts';
import { usePollWhile, useSignedS3Url } from '../trajectory/use-trajectory.ts';
import { BasestationInfoDialog } from './BasestationInfoDialog.tsx';
import { BasestationUploadDialog } from './BasestationUploadDialog.tsx';
import { basestationDeletionMessage, formatLocation } from './basestation-format.ts';
import {
  type BasestationItem,
  useDeleteBasestation,
  useProjectBasestations,
} from './use-basestations.ts';

/** A file name on one line, cut with an ellipsis (the whole name as tooltip) when very long. */
const FILENAME_CELL = {
  display: 'inline-block',
  maxWidth: 360,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  verticalAlign: 'bottom',
} as const;

/** Opens a signed link as a download of `filename`. */
function download(url: string, filename: string): void {
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = filename;
  anchor.rel = 'noopener';
  anchor.click();
}

/**
 * The base station's status chip (its message as tooltip) and one chip per run status; a failed
 * file's reason is written under them, since the user has to mend the file.
 */
function StatusChips({ basestation }: { basestation: BasestationItem }) {
  const failed = basestation.status === 'Failed' && basestation.statusMessage;
  const chip = (
    <Chip
      size="small"
      label={basestation.status}
      color={basestationStatusColor(basestation.status)}
      data-testid="basestation-status"
    />
  );
  return (
    <Stack spacing={0.5} sx={{ maxWidth: 360 }}>
      <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap' }}>
        {basestation.statusMessage && !failed ? (
          <Tooltip title={basestation.statusMessage}>{chip}</Tooltip>
        ) : (
          chip
        )}
        <RunStatusChips runs={basestation.trajectoryProcessingRuns} />
      </Stack>
      {failed ? (
        <FailureReason reason={basestation.statusMessage ?? ''} testId="basestation-failure" />
      ) : null}
    </Stack>
  );
}

/** The Basestation Files screen: the project's base-station zips, their runs and the upload. */
export function BasestationFilesPage() {
  const { project } = useCurrentProject();
  const { basestations, loading, loadFailed, polling } = useProjectBasestations(
    project?.id ?? null,
  );
  const deleteBasestation = useDeleteBasestation();
  const signedUrl = useSignedS3Url();
  const [search, setSearch] = useRouteSearch();
  const [info, setInfo] = useState<BasestationItem | null>(null);
  const [uploading, setUploading] = useState(false);

  const active = basestations.some(
    (basestation) =>
      isBasestationActive(basestation.status) ||
      basestation.trajectoryProcessingRuns.some((run) => isRunActive(run.status)),
  );
  usePollWhile(active, polling);

  const rows = useMemo(
    () => basestations.filter((basestation) => basestationMatchesSearch(basestation, search)),
    [basestations, search],
  );

  const handleDownload = useCallback(
    async (basestation: BasestationItem) => {
      const url = await signedUrl(basestation.s3Url).catch(() => null);
      if (url) download(url, basestation.filename);
    },
    [signedUrl],
  );

  const handleDelete = useCallback(
    async (basestation: BasestationItem) => {
      const confirmed = await confirm({
        title: CONFIRM_BASESTATION_DELETION_TITLE,
        message: basestationDeletionMessage(
          basestation.filename,
          basestation.trajectoryProcessingRuns.length,
        ),
      });
      if (!confirmed) return;
      try {
        await deleteBasestation(basestation.id);
      } catch {
        // A refusal (a run uses it) is shown in the red snackbar by the error link.
        return;
      }
      snackbar.success(BASESTATION_DELETED(basestation.filename));
    },
    [deleteBasestation],
  );

  const columns = useMemo<ColumnDef<BasestationItem, unknown>[]>(
    () => [
      {
        id: 'id',
        header: 'ID',
        accessorFn: (basestation) => Number(basestation.id),
        cell: ({ row }) => <span data-testid="basestation-id">{row.original.id}</span>,
      },
      {
        id: 'filename',
        header: 'File',
        accessorKey: 'filename',
        cell: ({ row }) => (
          <Box component="span" title={row.original.filename} sx={FILENAME_CELL}>
            {row.original.filename}
          </Box>
        ),
      },
      {
        id: 'from',
        header: 'From (UTC)',
        accessorFn: (basestation) => formatUtc(basestation.startTimestamp),
        cell: ({ row }) => <UtcTime timestamp={row.original.startTimestamp} />,
      },
      {
        id: 'to',
        header: 'To (UTC)',
        accessorFn: (basestation) => formatUtc(basestation.endTimestamp),
        cell: ({ row }) => <UtcTime timestamp={row.original.endTimestamp} />,
      },
      {
        id: 'location',
        header: 'Location',
        accessorFn: (basestation) => formatLocation(basestation.point, basestation.markerName),
        // Breaks only between the position and the marker name.
        cell: ({ row }) => (
          <span data-testid="basestation-location">
            <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
              {formatPoint(row.original.point?.coordinates)}
            </Box>
            {row.original.point && row.original.markerName ? ` (${row.original.markerName})` : ''}
          </span>
        ),
      },
      {
        id: 'status',
        header: 'Status',
        accessorKey: 'status',
        cell: ({ row }) => <StatusChips basestation={row.original} />,
      },
      {
        id: 'actions',
        header: 'Actions',
        enableSorting: false,
        cell: ({ row }) => {
          const basestation = row.original;
          return (
            <Box component="span" sx={{ display: 'inline-flex', whiteSpace: 'nowrap' }}>
              <Tooltip title="Info">
                <IconButton
                  size="small"
                  aria-label={`Info of basestation ${basestation.id}`}
                  onClick={() => setInfo(basestation)}
                >
                  <InfoOutlinedIcon fontSize="small" />
                </IconButton>
              </Tooltip>
              <Tooltip title="Download">
                <IconButton
                  size="small"
                  aria-label={`Download basestation ${basestation.id}`}
                  onClick={() => void handleDownload(basestation)}
                >
                  <DownloadIcon fontSize="small" />
                </IconButton>
              </Tooltip>
              <Tooltip title="Delete">
                <IconButton
                  size="small"
                  aria-label={`Delete basestation ${basestation.id}`}
                  onClick={() => void handleDelete(basestation)}
                >
                  <DeleteIcon fontSize="small" />
                </IconButton>
              </Tooltip>
            </Box>
          );
        },
      },
    ],
    [handleDelete, handleDownload],
  );

  return (
    <Box sx={{ p: 3 }}>
      <Typography variant="h5" component="h1" gutterBottom>
        Basestation Files
      </Typography>
      <ProjectRequired>
        <DataTable
          testId="basestations-table"
          ariaLabel="Basestation files"
          data={rows}
          columns={columns}
          getRowId={(basestation) => basestation.id}
          loading={loading}
          loadFailed={loadFailed}
          emptyText={
            search ? 'No basestation files match the search.' : 'No basestation files yet.'
          }
          initialSorting={[{ id: 'id', desc: true }]}
          pageSizeOptions={[25, 50, 100, 'all']}
          defaultPageSize={25}
          renderDetail={(basestation) => (
            <ProcessingRunList runs={basestation.trajectoryProcessingRuns} showSession />
          )}
          toolbar={
            // The search box sits left and the Upload button right: the box takes the row.
            <Box sx={{ flex: '1 1 100%', display: 'flex', alignItems: 'center' }}>
              <DataTableSearch
                value={search}
                placeholder="Search basestations"
                onChange={setSearch}
              />
              <Box sx={{ flex: 1 }} />
              <Button
                variant="contained"
                startIcon={<UploadIcon />}
                onClick={() => setUploading(true)}
              >
                Upload
              </Button>
            </Box>
          }
        />
      </ProjectRequired>
      {info ? <BasestationInfoDialog basestation={info} onClose={() => setInfo(null)} /> : null}
      {uploading && project ? (
        <BasestationUploadDialog projectId={project.id} onClose={() => setUploading(false)} />
      ) : null}
    </Box>
  );
}
