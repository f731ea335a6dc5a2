import { ACTIVITY_STATUSES, ACTIVITY_TYPES, type ActivityStatus } from '@asset-portal/shared';

/** Statuses a job moves through; 'Event' is for one-off entries only. */
export const JOB_STATUSES = ACTIVITY_STATUSES.filter(
  (s): s is Exclude<ActivityStatus, 'Event'> => s !== 'Event',
);
export type JobStatus = (typeof JOB_STATUSES)[number];

/** Largest page of the activity log a caller may ask for. */
export const ACTIVITY_LOG_MAX_PAGE_SIZE = 100;

/** Columns the activity log may be sorted by (the value is `field` or `field:asc|desc`). */
export const ACTIVITY_LOG_SORT_FIELDS = [
  'created',
  'lastModified',
  'submitted',
  'started',
  'completed',
  'status',
  'activityType',
  'id',
] as const;
export type ActivityLogSortField = (typeof ACTIVITY_LOG_SORT_FIELDS)[number];
export interface ActivityLogSort {
  field: ActivityLogSortField;
  direction: 'asc' | 'desc';
}
export const DEFAULT_ACTIVITY_LOG_SORT: ActivityLogSort = { field: 'created', direction: 'desc' };

export const SORT_INVALID = `Sort must be one of ${ACTIVITY_LOG_SORT_FIELDS.join(', ')}, optionally followed by :asc or :desc`;

/** Parses 'created:desc' and the like; undefined when the text is not in the whitelist. */
export function parseActivityLogSort(text: string | null | undefined): ActivityLogSort | undefined {
  const value = (text ?? '').trim();
  if (value === '') return DEFAULT_ACTIVITY_LOG_SORT;
  const [field, direction = 'asc', ...rest] = value.split(':').map((part) => part.trim());
  if (rest.length > 0) return undefined;
  if (!ACTIVITY_LOG_SORT_FIELDS.includes(field as ActivityLogSortField)) return undefined;
  const dir = direction.toLowerCase();
  if (dir !== 'asc' && dir !== 'desc') return undefined;
  return { field: field as ActivityLogSortField, direction: dir };
}

export interface JobTimestamps {
  submitted: Date | null;
  started: Date | null;
  completed: Date | null;
}

/**
 * The timestamps of a job after it moves to `status`. Submitted starts over (a resubmission
 * clears started and completed); Started stamps started; Completed, Failed and Error stamp
 * completed; Hung changes nothing. Repeating the current status keeps every timestamp, so
 * progress updates do not move them. Any job status implies the job was submitted.
 */
export function nextJobTimestamps(
  previous: (JobTimestamps & { status: string }) | undefined,
  status: JobStatus,
  now: Date,
): JobTimestamps {
  if (previous && previous.status === status) {
    return {
      submitted: previous.submitted ?? now,
      started: previous.started,
      completed: previous.completed,
    };
  }
  const submitted = previous?.submitted ?? now;
  switch (status) {
    case 'Submitted':
      return { submitted: now, started: null, completed: null };
    case 'Started':
      return { submitted, started: now, completed: null };
    case 'Completed':
    case 'Failed':
    case 'Error':
      return { submitted, started: previous?.started ?? null, completed: now };
    case 'Hung':
      return {
        submitted,
        started: previous?.started ?? null,
        completed: previous?.completed ?? null,
      };
  }
}

/**
 * The entries the browser writes itself: its uploads' progress. Every other known type is the
 * server's record of its own work, which no client may create or move.
 */
const CLIENT_ACTIVITY_TYPES = new Set<string>(['PackageUpload']);

export function isClientActivityType(activityType: string): boolean {
  return (
    CLIENT_ACTIVITY_TYPES.has(activityType) ||
    !(ACTIVITY_TYPES as readonly string[]).includes(activityType)
  );
}
