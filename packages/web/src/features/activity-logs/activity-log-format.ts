import { countOf, formatSize } from '@asset-portal/shared';

export type ChipColor = 'default' | 'primary' | 'info' | 'success' | 'warning' | 'error';

/** Chip colour of an activity status: green done, red failed, amber hung, blue in progress. */
export function statusColor(status: string): ChipColor {
  switch (status) {
    case 'Completed':
      return 'success';
    case 'Error':
    case 'Failed':
      return 'error';
    case 'Hung':
      return 'warning';
    case 'Started':
      return 'primary';
    case 'Submitted':
      return 'info';
    default:
      return 'default';
  }
}

/** JSON indented for reading; '' for a missing value. */
export function prettyJson(value: unknown): string {
  if (value === null || value === undefined) return '';
  return JSON.stringify(value, null, 2);
}

/** The readable file size of a metrics object ('1.5 MB'), or null when it has no fileSize. */
export function metricsFileSize(metrics: unknown): string | null {
  if (!metrics || typeof metrics !== 'object' || !('fileSize' in metrics)) return null;
  return formatSize((metrics as { fileSize: unknown }).fileSize);
}

export type AcknowledgedFilter = 'all' | 'unacknowledged' | 'acknowledged';

/** The isAcknowledgedFilter argument of a choice in the Acknowledged filter. */
export function acknowledgedFilterValue(choice: AcknowledgedFilter): boolean | null {
  if (choice === 'all') return null;
  return choice === 'acknowledged';
}

export interface ActivityLogFilterState {
  activityType: string;
  status: string;
  userId: string;
  acknowledged: AcknowledgedFilter;
}

export const EMPTY_FILTERS: ActivityLogFilterState = {
  activityType: '',
  status: '',
  userId: '',
  acknowledged: 'all',
};

/** The question asked before acknowledging every log matching the type, status and user. */
export function acknowledgeAllMessage(
  filters: ActivityLogFilterState,
  userName: string | undefined,
): string {
  const parts = [
    filters.activityType ? `type ${filters.activityType}` : 'any type',
    filters.status ? `status ${filters.status}` : 'any status',
    filters.userId ? `user ${userName ?? filters.userId}` : 'any user',
  ];
  return `Acknowledge every log of ${parts.join(', ')}?`;
}

/** '3 logs acknowledged', '1 log acknowledged', 'No logs needed acknowledging'. */
export function acknowledgedCountMessage(count: number): string {
  if (count === 0) return 'No logs needed acknowledging';
  return `${countOf(count, 'log')} acknowledged`;
}

/** Under the title: which time the columns show, and that a job's log file is in UTC. */
export function ACTIVITY_LOG_TIME_NOTE(offset: string): string {
  return `Times are in your local time (${offset}); log files are stamped in UTC (Z).`;
}
