import DescriptionIcon from '@mui/icons-material/Description';
import { Box, Checkbox, Chip, IconButton, Tooltip } from '@mui/material';
import type { ColumnDef } from '@tanstack/react-table';
import { Fragment } from 'react';
import { formatLocalTime } from '../../lib/local-time.ts';
import { statusColor } from './activity-log-format.ts';
import type { ActivityLogRow } from './use-activity-logs.ts';

type Column = ColumnDef<ActivityLogRow, unknown>;

const time = (
  id: string,
  header: string,
  pick: (log: ActivityLogRow) => string | null,
): Column => ({
  id,
  header,
  accessorFn: pick,
  cell: ({ row }) => {
    // Date above time keeps the three time columns narrow enough for the whole row to fit.
    const [date, clock] = formatLocalTime(pick(row.original)).split(' ');
    return date ? (
      <Box
        component="span"
        sx={{ whiteSpace: 'nowrap', display: 'inline-block', fontSize: '0.8125rem' }}
      >
        {date}
        <br />
        {clock}
      </Box>
    ) : null;
  },
});

/**
 * The columns of the activity log. Rows come sorted by the server (newest first), so columns
 * do not sort one page on their own. A one-off event was submitted when it was created.
 */
export function activityLogColumns(handlers: {
  onAcknowledge(log: ActivityLogRow, isAcknowledged: boolean): void;
  onViewLogFile(log: ActivityLogRow): void;
}): Column[] {
  const columns: Column[] = [
    {
      id: 'activityType',
      header: 'Activity Type',
      accessorKey: 'activityType',
      // 'ScanImageThumbnails' may break between its words: unbroken, the row did not fit 1280
      // pixels beside the menu, and the sticky Actions column covered Acknowledged.
      cell: ({ row }) =>
        row.original.activityType.split(/(?=[A-Z][a-z])/).map((word, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the words of one fixed name
          <Fragment key={index}>
            {index > 0 ? <wbr /> : null}
            {word}
          </Fragment>
        )),
    },
    {
      id: 'status',
      header: 'Status',
      accessorKey: 'status',
      cell: ({ row }) => (
        <Chip
          size="small"
          label={row.original.status}
          color={statusColor(row.original.status)}
          data-testid="activity-log-status"
        />
      ),
    },
    {
      id: 'message',
      header: 'Message',
      accessorFn: (log) => log.message ?? '',
      cell: ({ row }) => (
        <Box component="span" sx={{ display: 'block', minWidth: 140, wordBreak: 'break-word' }}>
          {row.original.message ?? ''}
        </Box>
      ),
    },
    { id: 'user', header: 'User', accessorFn: (log) => log.user?.name ?? '' },
    time('submitted', 'Submitted', (log) => log.submitted ?? log.created),
    time('started', 'Started', (log) => log.started),
    time('completed', 'Completed', (log) => log.completed),
    {
      id: 'isAcknowledged',
      header: 'Acknowledged',
      accessorKey: 'isAcknowledged',
      cell: ({ row }) => (
        <Checkbox
          size="small"
          checked={row.original.isAcknowledged}
          onChange={(event) => handlers.onAcknowledge(row.original, event.target.checked)}
          data-testid="activity-log-acknowledge"
          slotProps={{ input: { 'aria-label': `Acknowledge log ${row.original.id}` } }}
        />
      ),
    },
    {
      id: 'actions',
      header: 'Actions',
      cell: ({ row }) =>
        row.original.logFileUrl ? (
          <Tooltip title="View log file">
            <IconButton
              size="small"
              aria-label="View log file"
              onClick={() => handlers.onViewLogFile(row.original)}
            >
              <DescriptionIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        ) : null,
    },
  ];
  return columns.map((column) => ({ enableSorting: false, enableGrouping: false, ...column }));
}
