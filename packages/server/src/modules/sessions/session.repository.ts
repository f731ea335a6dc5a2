import DataLoader from 'dataloader';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { groupBy } from '../scans/scan.repository.ts';

/** All SQL about sessions and the trajectory processing runs of a session. */
export const sessionRepository = {
  /**
   * One row per session of the projects, with its scan count and the distinct statuses of its
   * scans' point-cloud artifacts, aggregated in one grouped statement.
   */
  listSummaries(db: Db, projectIds: readonly number[]) {
    return db
      .selectFrom('sessions')
      .leftJoin('scans', 'scans.sessionId', 'sessions.id')
      .leftJoin('artifacts', (join) =>
        join
          .onRef('artifacts.scanId', '=', 'scans.id')
          .on(sql<boolean>`lower(artifacts.artifact_type) like '%pointcloud%'`),
      )
      .select([
        'sessions.id as sessionId',
        'sessions.projectId',
        'sessions.assignmentType',
        'sessions.capturedTimestamp',
        'sessions.endCapturedTimestamp',
      ])
      .select([
        sql<number>`count(distinct scans.id)::int`.as('scanCount'),
        sql<
          string[]
        >`coalesce(array_agg(distinct artifacts.status) filter (where artifacts.status is not null), '{}')`.as(
          'pointCloudStatuses',
        ),
      ])
      .where('sessions.projectId', 'in', projectIds)
      .groupBy('sessions.id')
      .orderBy('sessions.capturedTimestamp', 'desc')
      .orderBy('sessions.id')
      .execute();
  },

  /** Trajectory processing runs of sessions, newest first. */
  runsBySessionLoader(db: Db) {
    return new DataLoader(
      async (sessionIds: readonly string[]) => {
        const rows = await db
          .selectFrom('trajectoryProcessingRuns')
          .select([
            'id',
            'sessionId',
            'basestationIds',
            'status',
            'statusMessage',
            'logS3Url',
            'ambStatusS3Url',
            'altitudeSeparationsS3Url',
            'distanceSeparationsS3Url',
            'numSatsS3Url',
            'trajectoryAuditS3Url',
            'submitted',
            'started',
            'completed',
          ])
          .where('sessionId', 'in', sessionIds)
          .orderBy('submitted', 'desc')
          .orderBy('id', 'desc')
          .execute();
        const groups = groupBy(rows, (r) => r.sessionId);
        return sessionIds.map((id) => groups.get(id) ?? []);
      },
      { maxBatchSize: 10_000 },
    );
  },
};
