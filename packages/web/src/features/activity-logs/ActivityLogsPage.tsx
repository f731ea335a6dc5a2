import {
  ACTIVITY_LOG_PAGE_SIZE,
  ACTIVITY_LOG_PAGE_SIZE_OPTIONS,
  ACTIVITY_LOG_REFRESH_MS,
} from '@asset-portal/shared';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import { Box, Button, FormControlLabel, Switch, Typography } from '@mui/material';
import { useMemo, useState } from 'react';
import { confirm } from '../../components/confirm/confirm-service.ts';
import { DataTable } from '../../components/data-table/DataTable.tsx';
import { localUtcOffset } from '../../lib/local-time.ts';
import { snackbar } from '../../snackbar/snackbar-service.ts';
import { ActivityLogDetail } from './ActivityLogDetail.tsx';
import { ActivityLogFilters } from './ActivityLogFilters.tsx';
import { activityLogColumns } from './activity-log-columns.tsx';
import {
  ACTIVITY_LOG_TIME_NOTE,
  type ActivityLogFilterState,
  acknowledgeAllMessage,
  acknowledgedCountMessage,
  EMPTY_FILTERS,
} from './activity-log-format.ts';
import { LogFileDialog } from './LogFileDialog.tsx';
import {
  type ActivityLogRow,
  useAcknowledgeActivityLog,
  useAcknowledgeMultipleActivityLogs,
  useActivityLogFilterOptions,
  useActivityLogs,
} from './use-activity-logs.ts';

/** The Activity Logs screen: filtered, server-paged logs of jobs and sign-ins. */
export function ActivityLogsPage() {
  const [filters, setFilters] = useState<ActivityLogFilterState>(EMPTY_FILTERS);
  const [pageIndex, setPageIndex] = useState(0);
  const [pageSize, setPageSize] = useState<number>(ACTIVITY_LOG_PAGE_SIZE);
  const [autoRefresh, setAutoRefresh] = useState(false);
  const [logFileOf, setLogFileOf] = useState<ActivityLogRow | null>(null);

  const { logs, total, loading, loadFailed } = useActivityLogs(
    filters,
    pageIndex,
    pageSize,
    autoRefresh,
  );
  const { activityTypes, users } = useActivityLogFilterOptions();
  const acknowledge = useAcknowledgeActivityLog();
  const acknowledgeMany = useAcknowledgeMultipleActivityLogs();

  const columns = useMemo(
    () =>
      activityLogColumns({
        onAcknowledge: (log, isAcknowledged) => {
          // A failure is shown by the error link; the checkbox follows the server's answer.
          acknowledge(log.id, isAcknowledged).catch(() => {});
        },
        onViewLogFile: setLogFileOf,
      }),
    [acknowledge],
  );

  const handleFiltersChange = (next: ActivityLogFilterState) => {
    setFilters(next);
    setPageIndex(0);
  };

  const handleAcknowledgeAll = async () => {
    const userName = users.find((user) => user.id === filters.userId)?.name;
    const confirmed = await confirm({
      title: 'Acknowledge Logs',
      message: acknowledgeAllMessage(filters, userName),
      confirmLabel: 'Acknowledge',
    });
    if (!confirmed) return;
    try {
      snackbar.success(acknowledgedCountMessage(await acknowledgeMany(filters)));
    } catch {
      // Shown by the error link.
    }
  };

  return (
    <Box sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Box>
        <Typography variant="h5" component="h1">
          Activity Logs
        </Typography>
        {/* The columns are local time; a job's log file is stamped in UTC, with a Z. */}
        <Typography variant="body2" color="text.secondary" data-testid="activity-logs-time-note">
          {ACTIVITY_LOG_TIME_NOTE(localUtcOffset())}
        </Typography>
      </Box>
      <ActivityLogFilters
        filters={filters}
        activityTypes={activityTypes}
        users={users}
        onChange={handleFiltersChange}
      />
      {/* Tighter cells so all nine columns fit beside the menu on a laptop screen. */}
      <Box sx={{ '& .MuiTableCell-root': { px: 1 } }}>
        <DataTable
          ariaLabel="Activity logs"
          testId="activity-logs-table"
          data={logs}
          columns={columns}
          getRowId={(log) => log.id}
          loading={loading}
          loadFailed={loadFailed}
          emptyText="No activity logs match the filters."
          pageSizeOptions={ACTIVITY_LOG_PAGE_SIZE_OPTIONS}
          defaultPageSize={ACTIVITY_LOG_PAGE_SIZE}
          serverPaging={{
            pageIndex,
            pageSize,
            total,
            onChange: (nextIndex, nextSize) => {
              setPageIndex(nextIndex);
              setPageSize(nextSize);
            },
          }}
          renderDetail={(log) => <ActivityLogDetail log={log} />}
          toolbar={
            <>
              <FormControlLabel
                control={
                  <Switch
                    checked={autoRefresh}
                    onChange={(event) => setAutoRefresh(event.target.checked)}
                    slotProps={{ input: { 'aria-label': 'Auto-refresh' } }}
                  />
                }
                label={`Auto-refresh (${ACTIVITY_LOG_REFRESH_MS / 1000} s)`}
              />
              <Button
                variant="outlined"
                startIcon={<DoneAllIcon />}
                onClick={handleAcknowledgeAll}
                data-testid="acknowledge-all"
              >
                Acknowledge all
              </Button>
            </>
          }
        />
      </Box>
      {logFileOf ? (
        <LogFileDialog
          logId={logFileOf.id}
          title={`Log file: ${logFileOf.activityType} ${logFileOf.message ?? ''}`.trim()}
          onClose={() => setLogFileOf(null)}
        />
      ) : null}
    </Box>
  );
}
