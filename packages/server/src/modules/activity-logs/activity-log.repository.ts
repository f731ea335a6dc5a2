import DataLoader from 'dataloader';
import { type ExpressionBuilder, type Insertable, sql, type Updateable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { ActivityLogsTable, ActivityStatus, Database } from '../../db/schema.ts';
import type { ActivityLogSort } from './activity-log-rules.ts';

export interface ActivityLogFilter {
  /** Organization the logs must belong to; null means every organization (Admin). */
  organizationId: number | null;
  /** Only this user's logs, whatever the other filters say (a Standard user's changes). */
  ownerId?: number | null;
  activityType?: string | undefined;
  status?: ActivityStatus | undefined;
  userId?: number | undefined;
  isAcknowledged?: boolean | undefined;
}

function matches(eb: ExpressionBuilder<Database, 'activityLogs'>, filter: ActivityLogFilter) {
  const conditions = [];
  if (filter.organizationId !== null) {
    conditions.push(eb('activityLogs.organizationId', '=', filter.organizationId));
  }
  if (filter.ownerId != null) conditions.push(eb('activityLogs.userId', '=', filter.ownerId));
  if (filter.activityType !== undefined) {
    conditions.push(eb('activityLogs.activityType', '=', filter.activityType));
  }
  if (filter.status !== undefined) conditions.push(eb('activityLogs.status', '=', filter.status));
  if (filter.userId !== undefined) conditions.push(eb('activityLogs.userId', '=', filter.userId));
  if (filter.isAcknowledged !== undefined) {
    conditions.push(eb('activityLogs.isAcknowledged', '=', filter.isAcknowledged));
  }
  return eb.and(conditions);
}

/** The job log of a (type, reference key) of an organization. */
function jobQuery(
  db: Db,
  activityType: string,
  referenceKey: string,
  organizationId: number | null,
) {
  return db
    .selectFrom('activityLogs')
    .selectAll()
    .where('activityType', '=', activityType)
    .where('referenceKey', '=', referenceKey)
    .where('organizationId', organizationId === null ? 'is' : '=', organizationId);
}

/** All SQL about the activity log. */
export const activityLogRepository = {
  findById(db: Db, id: number) {
    return db.selectFrom('activityLogs').selectAll().where('id', '=', id).executeTakeFirst();
  },

  /** One page of matching logs; ties are broken by id so pages never overlap. */
  page(db: Db, filter: ActivityLogFilter, sort: ActivityLogSort, take: number, skip: number) {
    return db
      .selectFrom('activityLogs')
      .selectAll()
      .where((eb) => matches(eb, filter))
      .orderBy(`activityLogs.${sort.field}`, (ob) =>
        sort.direction === 'desc' ? ob.desc().nullsLast() : ob.asc().nullsLast(),
      )
      .orderBy('activityLogs.id', sort.direction)
      .limit(take)
      .offset(skip)
      .execute();
  },

  async count(db: Db, filter: ActivityLogFilter) {
    const row = await db
      .selectFrom('activityLogs')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where((eb) => matches(eb, filter))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },

  async distinctTypes(db: Db, organizationId: number | null) {
    let query = db.selectFrom('activityLogs').select('activityType').distinct();
    if (organizationId !== null) query = query.where('organizationId', '=', organizationId);
    const rows = await query.execute();
    return rows.map((r) => r.activityType);
  },

  async userOrganization(db: Db, userId: number) {
    const row = await db
      .selectFrom('users')
      .select('organizationId')
      .where('id', '=', userId)
      .executeTakeFirst();
    return row?.organizationId ?? null;
  },

  insert(db: Db, values: Insertable<ActivityLogsTable>) {
    return db.insertInto('activityLogs').values(values).returningAll().executeTakeFirstOrThrow();
  },

  /** Inserts a job log unless its (type, reference key) exists already; undefined then. */
  insertJob(db: Db, values: Insertable<ActivityLogsTable>) {
    return db
      .insertInto('activityLogs')
      .values(values)
      .onConflict((oc) =>
        oc
          .columns(['activityType', 'referenceKey', 'organizationId'])
          .where('referenceKey', 'is not', null)
          .doNothing(),
      )
      .returningAll()
      .executeTakeFirst();
  },

  /** The job log of a (type, reference key) of an organization. */
  findJob(db: Db, activityType: string, referenceKey: string, organizationId: number | null) {
    return jobQuery(db, activityType, referenceKey, organizationId).executeTakeFirst();
  },

  /**
   * Moves a finished entry (Completed, Failed or Error) written by another job than `jobId` to a key of
   * its own (`<reference>#job-<its job>`), so that the next job of the same reference starts a
   * new entry instead of rewriting it. Entries of the same job (its retries) and unfinished ones
   * (an image package waiting for its scans, queued again) are left to be continued.
   */
  keepFinishedEntry(
    db: Db,
    activityType: string,
    referenceKey: string,
    organizationId: number | null,
    jobId: number,
  ) {
    return db
      .updateTable('activityLogs')
      .set({ referenceKey: sql<string>`reference_key || '#job-' || (payload->>'jobId')` })
      .where('activityType', '=', activityType)
      .where('referenceKey', '=', referenceKey)
      .where('organizationId', organizationId === null ? 'is' : '=', organizationId)
      .where('status', 'in', ['Completed', 'Failed', 'Error'])
      .where(sql<boolean>`payload->>'jobId' IS NOT NULL`)
      .where(sql<string>`payload->>'jobId'`, '!=', String(jobId))
      .execute();
  },

  /** The job log of a (type, reference key) of an organization, locked until the transaction ends. */
  findJobForUpdate(
    db: Db,
    activityType: string,
    referenceKey: string,
    organizationId: number | null,
  ) {
    return jobQuery(db, activityType, referenceKey, organizationId).forUpdate().executeTakeFirst();
  },

  /** Entries of a type left at `status` with no write since `before`, oldest first. */
  findUnchangedSince(db: Db, activityType: string, status: ActivityStatus, before: Date) {
    return db
      .selectFrom('activityLogs')
      .selectAll()
      .where('activityType', '=', activityType)
      .where('status', '=', status)
      .where('lastModified', '<', before)
      .orderBy('id')
      .execute();
  },

  /**
   * Updates an entry still at `status` with no write since `before`: a sweep never overwrites a
   * write that came meanwhile. Undefined when it lost that race.
   */
  updateIfUnchangedSince(
    db: Db,
    id: number,
    unchanged: { status: ActivityStatus; before: Date },
    values: Updateable<ActivityLogsTable>,
  ) {
    return db
      .updateTable('activityLogs')
      .set({ ...values, lastModified: new Date() })
      .where('id', '=', id)
      .where('status', '=', unchanged.status)
      .where('lastModified', '<', unchanged.before)
      .returningAll()
      .executeTakeFirst();
  },

  update(db: Db, id: number, values: Updateable<ActivityLogsTable>) {
    return db
      .updateTable('activityLogs')
      .set({ ...values, lastModified: new Date() })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  },

  /** Sets the acknowledgement of every matching log that differs; returns how many changed. */
  async acknowledgeMatching(db: Db, filter: ActivityLogFilter, isAcknowledged: boolean) {
    const result = await db
      .updateTable('activityLogs')
      .set({ isAcknowledged, lastModified: new Date() })
      .where((eb) => matches(eb, filter))
      .where('isAcknowledged', '=', !isAcknowledged)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  },

  /** Names of the users who wrote logs, for `user { id name }`. */
  userLoader(db: Db) {
    return new DataLoader(async (ids: readonly number[]) => {
      const rows = await db
        .selectFrom('users')
        .select(['id', 'name'])
        .where('id', 'in', ids)
        .execute();
      const byId = new Map(rows.map((r) => [r.id, r]));
      return ids.map((id) => byId.get(id) ?? null);
    });
  },
};

export type ActivityLogRecord = NonNullable<
  Awaited<ReturnType<typeof activityLogRepository.findById>>
>;
