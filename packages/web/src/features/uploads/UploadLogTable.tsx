import { ACTIVITY_LOG_PAGE_SIZE, ACTIVITY_LOG_PAGE_SIZE_OPTIONS } from '@asset-portal/shared';
import { useMemo, useState } from 'react';
import { DataTable } from '../../components/data-table/DataTable.tsx';
import { ActivityLogDetail } from '../activity-logs/ActivityLogDetail.tsx';
import { uploadLogColumns } from './upload-log-columns.tsx';
import { useAcknowledgeUploadLog, useUploadLogs } from './use-upload-logs.ts';

/** The Upload Errors and History tabs: the current user's PackageUpload log, server-paged. */
export function UploadLogTable({ kind }: { kind: 'errors' | 'history' }) {
  const [pageIndex, setPageIndex] = useState(0);
  const [pageSize, setPageSize] = useState<number>(ACTIVITY_LOG_PAGE_SIZE);
  const { logs, total, loading } = useUploadLogs(kind, pageIndex, pageSize);
  const acknowledge = useAcknowledgeUploadLog();
  const columns = useMemo(
    () =>
      uploadLogColumns(kind, (log, isAcknowledged) => {
        // A failure is shown by the error link.
        acknowledge(log.id, isAcknowledged).catch(() => {});
      }),
    [kind, acknowledge],
  );
  return (
    <DataTable
      ariaLabel={kind === 'errors' ? 'Upload errors' : 'Upload history'}
      testId={kind === 'errors' ? 'upload-errors-table' : 'upload-history-table'}
      data={logs}
      columns={columns}
      getRowId={(log) => log.id}
      loading={loading}
      emptyText={kind === 'errors' ? 'No upload errors.' : 'No uploads yet.'}
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
      renderDetail={kind === 'errors' ? (log) => <ActivityLogDetail log={log} /> : undefined}
    />
  );
}
