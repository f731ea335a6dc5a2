import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

/** The SQL of the viewer's project summary. */
export const scanSummaryRepository = {
  /**
   * The project's owner and summary version (bumped by triggers with every write that changes
   * the summary, migration 0009), or undefined when there is no such project. One statement:
   * the access check and the cache key of every summary request.
   */
  projectHead(db: Db, projectId: number) {
    return db
      .selectFrom('projects')
      .select(['id', 'organizationId', sql<string>`summary_version::text`.as('version')])
      .where('id', '=', projectId)
      .executeTakeFirst();
  },

  /** What the viewer's list, map and filters read of each scan, in the list's order. */
  compactScans(db: Db, projectId: number) {
    return db
      .selectFrom('scans')
      .select([
        'id',
        'friendlyName',
        'sessionId',
        'assignmentType',
        'deviceId',
        'type',
        'tags',
        'comment',
        'capturedTimestamp',
        'simplePath',
      ])
      .where('projectId', '=', projectId)
      .orderBy('capturedTimestamp')
      .orderBy('id')
      .execute();
  },

  /** The artifacts of every scan of the project: id, type, name and status, in id order. */
  compactArtifacts(db: Db, projectId: number) {
    return db
      .selectFrom('artifacts')
      .innerJoin('scans', 'scans.id', 'artifacts.scanId')
      .select([
        'artifacts.id',
        'artifacts.scanId',
        'artifacts.artifactType',
        'artifacts.name',
        'artifacts.status',
      ])
      .where('scans.projectId', '=', projectId)
      .orderBy('artifacts.id')
      .execute();
  },
};
