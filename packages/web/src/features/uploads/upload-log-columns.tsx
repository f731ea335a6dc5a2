import { Checkbox, Chip } from '@mui/material';
import type { ColumnDef } from '@tanstack/react-table';
import { formatLocalTime } from '../../lib/local-time.ts';
import { statusColor } from '../activity-logs/activity-log-format.ts';
import type { ActivityLogRow } from '../activity-logs/use-activity-logs.ts';

type Column = ColumnDef<ActivityLogRow, unknown>;

const time = (id: string, header: string, pick: (log: ActivityLogRow) => string | null) =>
  ({
    id,
    header,
    accessorFn: pick,
    cell: ({ row }) => formatLocalTime(pick(row.original)),
  }) satisfies Column;

/**
 * Columns of the Upload Errors tab (status, message, submitted, started, acknowledged; the
 * table adds the expander) and of the History tab (with completed).
 */
export function uploadLogColumns(
  kind: 'errors' | 'history',
  onAcknowledge: (log: ActivityLogRow, isAcknowledged: boolean) => void,
): Column[] {
  const columns: Column[] = [
    {
      id: 'status',
      header: 'Status',
      accessorKey: 'status',
      cell: ({ row }) => (
        <Chip size="small" label={row.original.status} color={statusColor(row.original.status)} />
      ),
    },
    { id: 'message', header: 'Message', accessorFn: (log) => log.message ?? '' },
    time('submitted', 'Submitted', (log) => log.submitted ?? log.created),
    time('started', 'Started', (log) => log.started),
    ...(kind === 'history' ? [time('completed', 'Completed', (log) => log.completed)] : []),
    {
      id: 'isAcknowledged',
      header: 'Acknowledged',
      accessorKey: 'isAcknowledged',
      cell: ({ row }) => (
        <Checkbox
          size="small"
          checked={row.original.isAcknowledged}
          onChange={(event) => onAcknowledge(row.original, event.target.checked)}
          data-testid="upload-log-acknowledge"
          slotProps={{ input: { 'aria-label': `Acknowledge log ${row.original.id}` } }}
        />
      ),
    },
  ];
  return columns.map((column) => ({ enableSorting: false, enableGrouping: false, ...column }));
}
