import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

/** All SQL about sessions. */
export const sessionRepository = {
  /**
   * A session as base-station matching and trajectory runs read it: its organization, project
   * and window, and its manifest (the rover's GNSS files); undefined when there is none.
   */
  findWithManifest(db: Db, sessionId: string) {
    return db
      .selectFrom('sessions')
      .select([
        'id',
        'organizationId',
        'projectId',
        'capturedTimestamp',
        'endCapturedTimestamp',
        'manifest',
      ])
      .where('id', '=', sessionId)
      .executeTakeFirst();
  },

  /**
   * One row per session of the projects, with its scan count and the distinct statuses of its
   * scans' point-cloud artifacts, aggregated in one grouped statement.
   */
  listSummaries(db: Db, projectIds: readonly number[]) {
    // A scan counts once, with the status of its final point cloud if it has one (spec §4: a
    // scan is final if it has a final pointcloud artifact), else of its provisional one.
    const scanStatuses = db
      .selectFrom('scans')
      .leftJoin('artifacts', (join) =>
        join
          .onRef('artifacts.scanId', '=', 'scans.id')
          .on(sql<boolean>`lower(artifacts.artifact_type) like '%pointcloud%'`),
      )
      .select(['scans.id', 'scans.sessionId'])
      .select(
        sql<
          string | null
        >`(array_agg(artifacts.status ORDER BY (lower(artifacts.status) LIKE 'final%') DESC, artifacts.id) FILTER (WHERE artifacts.status IS NOT NULL))[1]`.as(
          'status',
        ),
      )
      .groupBy('scans.id')
      .as('scan_statuses');
    return db
      .selectFrom('sessions')
      .leftJoin(scanStatuses, 'scan_statuses.sessionId', 'sessions.id')
      .select([
        'sessions.id as sessionId',
        'sessions.projectId',
        'sessions.assignmentType',
        'sessions.capturedTimestamp',
        'sessions.endCapturedTimestamp',
      ])
      .select([
        sql<number>`count(distinct scan_statuses.id)::int`.as('scanCount'),
        sql<
          string[]
        >`coalesce(array_agg(distinct scan_statuses.status) filter (where scan_statuses.status is not null), '{}')`.as(
          'pointCloudStatuses',
        ),
        // Only the GNSS part of the manifest: whether a trajectory run can be made of it.
        sql<unknown>`sessions.manifest -> 'gnss'`.as('gnss'),
      ])
      .where('sessions.projectId', 'in', projectIds)
      .groupBy('sessions.id')
      .orderBy('sessions.capturedTimestamp', 'desc')
      .orderBy('sessions.id')
      .execute();
  },
};
