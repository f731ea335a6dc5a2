import type { Db } from '../../db/database.ts';
import type { ActivityStatus } from '../../db/schema.ts';
import type { JobContext } from '../../jobs/define-job.ts';
import { keepFinishedJobEntry, recordActivity } from './activity-log.service.ts';

/** What a job's entry keeps from one write to the next. */
export interface JobEntry {
  activityType: string;
  referenceKey: string;
  userId?: number | null;
  organizationId: number | null;
  /** What the payload names besides the job and its attempt. */
  payload: Record<string, unknown>;
  /**
   * Each job gets an entry of its own: a reference that comes again (a package uploaded again
   * under the same name) does not rewrite the finished entry of the job before.
   */
  entryPerJob?: boolean;
}

/** What one write adds to the status and message. */
export interface JobEntryDetails {
  metrics?: unknown;
  /** The job's own log file, linked from the entry (a trajectory run's RTKLIB output). */
  logFileUrl?: string | null;
}

/**
 * The writer of a job's activity entry (one per job reference): each call moves the entry to a
 * status with a message and details, naming the job and attempt that wrote it. The last write
 * passes the finishing transaction (`ctx.finish`) as `db`.
 */
export function jobActivityLog<Status extends ActivityStatus>(
  ctx: Pick<JobContext, 'db' | 'jobId' | 'attempt'>,
  entry: JobEntry,
) {
  let previousKept = !entry.entryPerJob;
  return async (
    status: Status,
    message: string,
    details: JobEntryDetails = {},
    db: Db = ctx.db,
  ) => {
    if (!previousKept) {
      await keepFinishedJobEntry(db, entry, ctx.jobId);
      previousKept = true;
    }
    await recordActivity(db, {
      activityType: entry.activityType,
      referenceKey: entry.referenceKey,
      userId: entry.userId,
      organizationId: entry.organizationId,
      status,
      message,
      payload: { ...entry.payload, jobId: ctx.jobId, attempt: ctx.attempt },
      metrics: details.metrics,
      logFileUrl: details.logFileUrl,
    });
  };
}
