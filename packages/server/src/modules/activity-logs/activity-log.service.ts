import { ACTIVITY_TYPES } from '@asset-portal/shared';
import type { Db } from '../../db/database.ts';
import { inTransaction } from '../../db/in-transaction.ts';
import type { ActivityStatus } from '../../db/schema.ts';
import type { RequestContext } from '../../graphql/context.ts';
import { ForbiddenError, NotFoundError } from '../../graphql/errors.ts';
import { activityLogPolicy } from '../../policies/activity-log.policy.ts';
import { organizationScope } from '../../policies/scope.ts';
import {
  type ActivityLogFilter,
  type ActivityLogRecord,
  activityLogRepository as repo,
} from './activity-log.repository.ts';
import {
  type ActivityLogSort,
  isClientActivityType,
  type JobStatus,
  nextJobTimestamps,
} from './activity-log-rules.ts';

export interface ActivityLogFilters {
  activityType?: string | undefined;
  status?: ActivityStatus | undefined;
  userId?: number | undefined;
  isAcknowledged?: boolean | undefined;
}

export interface ActivityDetails {
  message?: string | null;
  logFileUrl?: string | null;
  payload?: unknown;
  metrics?: unknown;
}

/** A log entry written by the server itself (jobs, sign-in). */
export interface ActivityEntry extends ActivityDetails {
  activityType: string;
  status: ActivityStatus;
  userId?: number | null;
  /** Defaults to the user's organization. */
  organizationId?: number | null;
  /** Given for jobs: the entry of this (type, key) is created or moved to `status`. */
  referenceKey?: string | null;
}

const json = (value: unknown) =>
  value === undefined || value === null ? null : JSON.stringify(value);

/** The server's job entry of a (type, reference key) of an organization, if any. */
export function findActivity(
  db: Db,
  activityType: string,
  referenceKey: string,
  organizationId: number | null,
): Promise<ActivityLogRecord | undefined> {
  return repo.findJob(db, activityType, referenceKey, organizationId);
}

/** Writes one log entry, or moves a job's entry to a new status, outside any request scope. */
/**
 * Before a job's first write: a finished entry of the same reference left by another job keeps
 * its history under a key of its own (activityLogRepository.keepFinishedEntry).
 */
export async function keepFinishedJobEntry(
  db: Db,
  entry: { activityType: string; referenceKey: string; organizationId: number | null },
  jobId: number,
): Promise<void> {
  await repo.keepFinishedEntry(
    db,
    entry.activityType,
    entry.referenceKey,
    entry.organizationId,
    jobId,
  );
}

/**
 * Ends the entries of a type left Started with no write since `before` (their writer is gone:
 * a closed page, a lost connection) with status Error and the message `messageOf` gives. An
 * entry written meanwhile is left as it is. Returns how many were ended.
 */
export async function endAbandonedEntries(
  db: Db,
  activityType: string,
  before: Date,
  messageOf: (entry: ActivityLogRecord) => string,
): Promise<number> {
  let ended = 0;
  for (const entry of await repo.findUnchangedSince(db, activityType, 'Started', before)) {
    const written = await repo.updateIfUnchangedSince(
      db,
      entry.id,
      { status: 'Started', before },
      {
        status: 'Error',
        ...nextJobTimestamps(entry, 'Error', new Date()),
        message: messageOf(entry),
        isAcknowledged: false,
      },
    );
    if (written) ended += 1;
  }
  return ended;
}

export async function recordActivity(db: Db, entry: ActivityEntry): Promise<ActivityLogRecord> {
  const userId = entry.userId ?? null;
  const organizationId =
    entry.organizationId !== undefined
      ? entry.organizationId
      : userId === null
        ? null
        : await repo.userOrganization(db, userId);
  if (entry.referenceKey && entry.status !== 'Event') {
    return upsertJob(db, {
      ...entry,
      referenceKey: entry.referenceKey,
      status: entry.status,
      userId,
      organizationId,
    });
  }
  return repo.insert(db, {
    activityType: entry.activityType,
    referenceKey: entry.referenceKey ?? null,
    userId,
    organizationId,
    status: entry.status,
    message: entry.message ?? null,
    logFileUrl: entry.logFileUrl ?? null,
    payload: json(entry.payload),
    metrics: json(entry.metrics),
  });
}

interface JobWrite extends ActivityDetails {
  activityType: string;
  referenceKey: string;
  status: JobStatus;
  userId: number | null;
  organizationId: number | null;
  /** Refuses (throws) when the existing entry may not be changed by the writer. */
  guard?: (existing: ActivityLogRecord) => void;
}

/**
 * Creates the job's entry or moves it to the new status, stamping its timestamps; a status
 * change makes the entry unacknowledged again. Fields not given keep their values.
 */
async function upsertJob(db: Db, job: JobWrite): Promise<ActivityLogRecord> {
  // Within the caller's transaction when there is one (an upload's completion writes its row,
  // this entry and the ingestion job together).
  return inTransaction(db, async (trx) => {
    // Two tries: a concurrent writer may insert the same key between our read and our insert.
    for (let attempt = 0; attempt < 2; attempt++) {
      const existing = await repo.findJobForUpdate(
        trx,
        job.activityType,
        job.referenceKey,
        job.organizationId,
      );
      const now = new Date();
      if (existing) {
        job.guard?.(existing);
        return repo.update(trx, existing.id, {
          status: job.status,
          ...nextJobTimestamps(existing, job.status, now),
          ...(job.message != null ? { message: job.message } : {}),
          ...(job.logFileUrl != null ? { logFileUrl: job.logFileUrl } : {}),
          ...(job.payload != null ? { payload: json(job.payload) } : {}),
          ...(job.metrics != null ? { metrics: json(job.metrics) } : {}),
          isAcknowledged: existing.status === job.status ? existing.isAcknowledged : false,
        });
      }
      const inserted = await repo.insertJob(trx, {
        activityType: job.activityType,
        referenceKey: job.referenceKey,
        userId: job.userId,
        organizationId: job.organizationId,
        status: job.status,
        ...nextJobTimestamps(undefined, job.status, now),
        message: job.message ?? null,
        logFileUrl: job.logFileUrl ?? null,
        payload: json(job.payload),
        metrics: json(job.metrics),
      });
      if (inserted) return inserted;
    }
    throw new Error(`Could not write the activity log of ${job.activityType} ${job.referenceKey}`);
  });
}

function scopedFilter(ctx: RequestContext, filters: ActivityLogFilters): ActivityLogFilter {
  return { organizationId: organizationScope(ctx.viewer), ...filters };
}

async function requireVisible(ctx: RequestContext, id: number) {
  const log = await repo.findById(ctx.db, id);
  if (!log || !activityLogPolicy.canRead(ctx.viewer, log)) throw new NotFoundError();
  return log;
}

/** The activity log as the signed-in caller sees and writes it. */
export const activityLogService = {
  byId: requireVisible,

  async page(
    ctx: RequestContext,
    query: {
      pageIndex: number;
      pageSize: number;
      sort: ActivityLogSort;
      filters: ActivityLogFilters;
    },
  ) {
    const filter = scopedFilter(ctx, query.filters);
    const skip = query.pageIndex * query.pageSize;
    const [items, total] = await Promise.all([
      repo.page(ctx.db, filter, query.sort, query.pageSize, skip),
      repo.count(ctx.db, filter),
    ]);
    return { items, total, take: query.pageSize, skip };
  },

  /** Types found in the caller's logs plus the known ones, sorted. */
  async types(ctx: RequestContext) {
    const found = await repo.distinctTypes(ctx.db, organizationScope(ctx.viewer));
    return [...new Set([...ACTIVITY_TYPES, ...found])].sort((a, b) => a.localeCompare(b));
  },

  createEvent(ctx: RequestContext, input: ActivityDetails & { activityType: string }) {
    return recordActivity(ctx.db, {
      ...input,
      status: 'Event',
      userId: ctx.viewer.user.id,
      organizationId: ctx.viewer.user.organizationId,
      referenceKey: null,
    });
  },

  /**
   * A job entry of the caller's organization (keys of other organizations are other entries);
   * a Standard user may not move another user's job, and the server's own activity types
   * (ingestion, processing, publishing…) are written by the server only.
   */
  upsertJob(
    ctx: RequestContext,
    input: ActivityDetails & { activityType: string; referenceKey: string; status: JobStatus },
  ) {
    if (!isClientActivityType(input.activityType)) {
      throw new ForbiddenError(`Activity type ${input.activityType} is written by the server only`);
    }
    return upsertJob(ctx.db, {
      ...input,
      userId: ctx.viewer.user.id,
      organizationId: ctx.viewer.user.organizationId,
      guard: (existing) => {
        if (!activityLogPolicy.canRead(ctx.viewer, existing)) throw new NotFoundError();
        if (!activityLogPolicy.canChange(ctx.viewer, existing)) throw new ForbiddenError();
      },
    });
  },

  async acknowledge(ctx: RequestContext, id: number, isAcknowledged: boolean) {
    const log = await requireVisible(ctx, id);
    if (!activityLogPolicy.canChange(ctx.viewer, log)) throw new ForbiddenError();
    return repo.update(ctx.db, id, { isAcknowledged });
  },

  /** Acknowledges every matching log in scope (a Standard user's own only); returns the count. */
  acknowledgeMany(ctx: RequestContext, filters: ActivityLogFilters, isAcknowledged: boolean) {
    return repo.acknowledgeMatching(
      ctx.db,
      { ...scopedFilter(ctx, filters), ownerId: activityLogPolicy.ownerScope(ctx.viewer) },
      isAcknowledged,
    );
  },
};
