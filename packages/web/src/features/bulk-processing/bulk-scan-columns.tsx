import { Checkbox, Stack } from '@mui/material';
import type { ColumnDef } from '@tanstack/react-table';
import { StatusChip } from '../../components/status-chip/StatusChip.tsx';
import { ProcessingChip } from '../processing/ProcessingChip.tsx';
import { type ProcessingWatch, shownProcessing } from '../processing/processing-watch.ts';
import { formatCapturedTime, statusChipOf } from '../viewer/list/scan-list-format.ts';
import type { ViewerScan } from '../viewer/use-scans-summary.ts';

/** The names of a scan's point clouds: the versions it can be viewed and processed as. */
export function versionsOf(scan: ViewerScan): string[] {
  return scan.artifacts
    .filter((artifact) => artifact.artifactType.toLowerCase().includes('pointcloud'))
    .map((artifact) => artifact.name);
}

export interface SelectionColumn {
  isSelected(scanId: string): boolean;
  canSelect(scan: ViewerScan): boolean;
  onToggle(scan: ViewerScan): void;
  header: 'all' | 'some' | 'none';
  onToggleAll(): void;
}

/**
 * The columns of the scans table, with a select column first; a scan processed from this page
 * shows the version being made, or that it failed, beside its versions.
 */
export function bulkScanColumns(
  selection: SelectionColumn,
  processing: ProcessingWatch,
): ColumnDef<ViewerScan, unknown>[] {
  return [
    {
      id: 'select',
      enableSorting: false,
      header: () => (
        <Checkbox
          size="small"
          checked={selection.header === 'all'}
          indeterminate={selection.header === 'some'}
          onChange={selection.onToggleAll}
          slotProps={{ input: { 'aria-label': 'Select all listed scans' } }}
        />
      ),
      cell: ({ row }) => (
        <Checkbox
          size="small"
          checked={selection.isSelected(row.original.id)}
          disabled={!selection.canSelect(row.original)}
          onChange={() => selection.onToggle(row.original)}
          slotProps={{ input: { 'aria-label': `Select ${row.original.id}` } }}
        />
      ),
    },
    {
      id: 'id',
      header: 'Scan ID',
      accessorKey: 'id',
      cell: ({ row }) => <span data-testid="bulk-scan-id">{row.original.id}</span>,
    },
    { id: 'friendlyName', header: 'Friendly Name', accessorFn: (scan) => scan.friendlyName ?? '' },
    { id: 'session', header: 'Session', accessorFn: (scan) => scan.sessionId ?? '' },
    {
      id: 'captured',
      header: 'Captured (UTC)',
      accessorFn: (scan) => scan.capturedTimestamp ?? '',
      cell: ({ row }) => formatCapturedTime(row.original.capturedTimestamp),
    },
    {
      id: 'status',
      header: 'Status',
      accessorFn: (scan) => statusChipOf(scan).label,
      cell: ({ row }) => {
        const chip = statusChipOf(row.original);
        return <StatusChip label={chip.label} color={chip.color} data-testid="bulk-scan-status" />;
      },
    },
    {
      id: 'versions',
      header: 'Versions',
      accessorFn: (scan) => versionsOf(scan).join(', '),
      cell: ({ row }) => {
        const names = versionsOf(row.original);
        const watched = shownProcessing(processing.get(row.original.id), names);
        const versions = <span data-testid="bulk-scan-versions">{names.join(', ')}</span>;
        return watched ? (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            {versions}
            <ProcessingChip processing={watched} testId="bulk-scan-processing" />
          </Stack>
        ) : (
          versions
        );
      },
    },
  ];
}
