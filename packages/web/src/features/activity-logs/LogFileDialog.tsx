import { useCallback } from 'react';
import { LogTextDialog } from '../../components/log-text/LogTextDialog.tsx';
import { useActivityLogFileUrl } from './use-activity-logs.ts';

/** Shows the text of an activity log's file, fetched through a short-lived signed link. */
export function LogFileDialog({
  logId,
  title,
  onClose,
}: {
  logId: string;
  title: string;
  onClose(): void;
}) {
  const fileUrl = useActivityLogFileUrl();
  const load = useCallback(async () => {
    const url = await fileUrl(logId);
    if (!url) throw new Error(`Activity log ${logId} has no log file`);
    const response = await fetch(url, { credentials: 'same-origin' });
    const text = await response.text();
    if (!response.ok) throw new Error(`Log file ${logId}: ${response.status} ${text}`);
    return text;
  }, [logId, fileUrl]);
  return <LogTextDialog title={title} load={load} textTestId="log-file-text" onClose={onClose} />;
}
