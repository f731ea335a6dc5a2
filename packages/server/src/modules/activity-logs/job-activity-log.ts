import type { Db } from '../../db/database.ts';
import type { ActivityStatus } from '../../db/schema.ts';
import type { JobContext } from '../../jobs/define-job.ts';
import { putBytes, readBytes } from '../../storage/object-bytes.ts';
import { objectKey } from '../../storage/object-key.ts';
import { ObjectNotFoundError } from '../../storage/storage.ts';
import { storageUrl } from '../ingestion/ingestion-context.ts';
import { keepFinishedJobEntry, recordActivity } from './activity-log.service.ts';
import { JobTranscript } from './job-transcript.ts';

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
  /**
   * The job's own log file, linked from the entry (a trajectory run's RTKLIB output). Without
   * one, the entry links the job's transcript (every message it was given, with its time).
   */
  logFileUrl?: string | null;
  /**
   * The attempt failed and the job will be tried again: the entry stays Started (the job is not
   * over), but the transcript is stored, so that the next attempt's log starts with this one.
   */
  attemptFailed?: boolean;
}

type WriterContext = Pick<
  JobContext,
  'db' | 'jobId' | 'attempt' | 'maxAttempts' | 'storage' | 'config' | 'log'
>;

/** Where a job's transcript is kept: under its organization, one object per job. */
export function jobTranscriptKey(organizationId: number, jobId: number): string {
  return objectKey({ organizationId, kind: 'logs', name: `jobs/job-${jobId}.log` });
}

/** Whether a key is a job's transcript (what a test of a job's other output leaves out). */
export function isJobTranscriptKey(key: string): boolean {
  return /^org-\d+\/project-none\/logs\/jobs\/job-\d+\.log$/.test(key);
}

/** The transcript the attempts before this one left, or nothing. */
async function earlierAttempts(ctx: WriterContext, key: string): Promise<string> {
  if (ctx.attempt <= 1) return '';
  try {
    return (await readBytes(ctx.storage, key)).toString('utf8');
  } catch (error) {
    if (!(error instanceof ObjectNotFoundError)) {
      ctx.log.warn({ err: error, key }, 'could not read the earlier attempts of a job log');
    }
    return '';
  }
}

/**
 * The writer of a job's activity entry (one per job reference): each call moves the entry to a
 * status with a message and details, naming the job and attempt that wrote it. An attempt's last
 * write goes through `closing`, whose answer `ctx.finish` or `ctx.giveUp` runs in its transaction.
 *
 * Every message also goes to the job's transcript, which the outcome of an attempt (any write
 * but a Started one, or one of an attempt that failed) stores and links as the entry's log file.
 * An entry of no organization keeps none: log files are served from their organization's keys
 * only.
 */
export function jobActivityLog<Status extends ActivityStatus>(ctx: WriterContext, entry: JobEntry) {
  let previousKept = !entry.entryPerJob;
  const transcriptKey =
    entry.organizationId === null ? null : jobTranscriptKey(entry.organizationId, ctx.jobId);
  // Made once, on the first write (progress writes that are not awaited share it).
  let opened: Promise<JobTranscript> | undefined;
  let lastStatus: ActivityStatus | undefined;

  /** The stored transcript's URL; null when it could not be stored (the entry is written still). */
  const storeTranscript = async (key: string, text: string) => {
    try {
      await putBytes(ctx.storage, key, text, 'text/plain; charset=utf-8');
      return storageUrl(ctx.config, key);
    } catch (error) {
      ctx.log.warn({ err: error, key }, 'could not store a job log');
      return null;
    }
  };

  /** Adds the write to the transcript, stored when the attempt is over; the entry's log file. */
  const transcribe = async (status: Status, message: string, details: JobEntryDetails) => {
    opened ??= (async () =>
      new JobTranscript(
        `${entry.activityType} job ${ctx.jobId}, attempt ${ctx.attempt} of ${ctx.maxAttempts}`,
        transcriptKey ? await earlierAttempts(ctx, transcriptKey) : '',
      ))();
    const transcript = await opened;
    // The status is said when it changes; progress under it reads as steps.
    transcript.add(status === lastStatus ? message : `${status}: ${message}`);
    lastStatus = status;
    const attemptOver = status !== 'Started' || details.attemptFailed === true;
    if (attemptOver && details.metrics !== undefined) {
      transcript.add(`Metrics: ${JSON.stringify(details.metrics)}`);
    }
    if (attemptOver && details.logFileUrl === undefined && transcriptKey) {
      return storeTranscript(transcriptKey, transcript.text());
    }
    return details.logFileUrl;
  };

  const record = async (
    db: Db,
    status: Status,
    message: string,
    details: JobEntryDetails,
    logFileUrl: string | null | undefined,
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
      logFileUrl,
    });
  };

  const write = async (status: Status, message: string, details: JobEntryDetails = {}) => {
    const logFileUrl = await transcribe(status, message, details);
    await record(ctx.db, status, message, details, logFileUrl);
  };

  /**
   * An attempt's last write, for `ctx.finish` or `ctx.giveUp`: the transcript is stored now, so
   * that a slow store never holds their transaction open; the write they run only records the
   * entry.
   */
  const closing = async (
    status: Status,
    message: string,
    details: JobEntryDetails = {},
  ): Promise<(db: Db) => Promise<void>> => {
    const logFileUrl = await transcribe(status, message, details);
    return (db) => record(db, status, message, details, logFileUrl);
  };

  return Object.assign(write, { closing });
}
