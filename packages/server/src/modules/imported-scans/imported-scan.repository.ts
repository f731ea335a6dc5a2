import { ASSIGNMENT_TYPE_IMPORTED, IMPORTED_CLOUD_VERSION } from '@asset-portal/shared';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { LineString } from '../../db/schema.ts';
import { scanPathColumns } from '../scan-summary/viewer-path.ts';
import { IMPORTED_SCAN_ACTIVITY } from './imported-scan-rules.ts';

const columns = [
  'scans.id',
  'scans.organizationId',
  'scans.projectId',
  'scans.friendlyName',
  'scans.comment',
  'scans.tags',
  'scans.metadata',
  'scans.capturedTimestamp',
  'scans.defaultVersion',
  'importedScans.determineTrajectory',
  'importedScans.sourceS3Url',
] as const;

/** What a finished processing run writes, all at once. */
export interface ImportedScanResult {
  scanId: string;
  s3Url: string;
  size: number;
  parameters: Record<string, unknown>;
  simplePath: LineString | null;
  length: number | null;
  capturedTimestamp: Date | null;
  metadata: Record<string, unknown>;
}

/** All SQL of imported scans: a `scans` row (assignment Imported) with its `imported_scans` row. */
export const importedScanRepository = {
  async create(
    db: Db,
    scan: {
      id: string;
      organizationId: number;
      projectId: number;
      friendlyName: string;
      comment: string | null;
      metadata: Record<string, unknown>;
      capturedTimestamp: Date | null;
    },
  ): Promise<void> {
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('scans')
        .values({
          id: scan.id,
          organizationId: scan.organizationId,
          projectId: scan.projectId,
          friendlyName: scan.friendlyName,
          comment: scan.comment,
          assignmentType: ASSIGNMENT_TYPE_IMPORTED,
          metadata: JSON.stringify(scan.metadata),
          capturedTimestamp: scan.capturedTimestamp,
        })
        .execute();
      await trx.insertInto('importedScans').values({ scanId: scan.id }).execute();
    });
  },

  findById(db: Db, id: string) {
    return db
      .selectFrom('scans')
      .innerJoin('importedScans', 'importedScans.scanId', 'scans.id')
      .select(columns)
      .where('scans.id', '=', id)
      .executeTakeFirst();
  },

  listForProject(db: Db, projectId: number) {
    return db
      .selectFrom('scans')
      .innerJoin('importedScans', 'importedScans.scanId', 'scans.id')
      .select(columns)
      .where('scans.projectId', '=', projectId)
      .orderBy('importedScans.created', 'desc')
      .orderBy('scans.id')
      .execute();
  },

  projectNames(db: Db, ids: readonly number[]) {
    if (ids.length === 0) return Promise.resolve([]);
    return db.selectFrom('projects').select(['id', 'name']).where('id', 'in', ids).execute();
  },

  artifactsOf(db: Db, scanIds: readonly string[]) {
    if (scanIds.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('artifacts')
      .select(['id', 'scanId', 'artifactType', 'name', 'url', 's3Url', 'status', 'parameters'])
      .where('scanId', 'in', scanIds)
      .orderBy('id')
      .execute();
  },

  /** The processing entries of the scans, by reference key. */
  processingEntries(db: Db, referenceKeys: readonly string[]) {
    if (referenceKeys.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('activityLogs')
      .select(['referenceKey', 'status', 'message'])
      .where('activityType', '=', IMPORTED_SCAN_ACTIVITY)
      .where('referenceKey', 'in', referenceKeys)
      .execute();
  },

  /** Records what was submitted: the uploaded file and whether to determine the path. */
  async recordSubmission(
    db: Db,
    scanId: string,
    submission: { sourceS3Url: string; determineTrajectory: boolean; sourceSize: number },
  ): Promise<void> {
    await db.updateTable('importedScans').set(submission).where('scanId', '=', scanId).execute();
  },

  /**
   * Replaces the scan's imported point cloud and writes what processing found, in one
   * transaction. False when the scan is gone.
   */
  async applyResult(db: Db, result: ImportedScanResult): Promise<boolean> {
    const updated = await db
      .updateTable('scans')
      .set({
        ...scanPathColumns(result.simplePath),
        length: result.length,
        ...(result.capturedTimestamp ? { capturedTimestamp: result.capturedTimestamp } : {}),
        metadata: sql`coalesce(metadata, '{}'::jsonb) || ${JSON.stringify(result.metadata)}::jsonb`,
        defaultVersion: IMPORTED_CLOUD_VERSION,
        lastModified: sql`now()`,
      })
      .where('id', '=', result.scanId)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) return false;
    await db
      .deleteFrom('artifacts')
      .where('scanId', '=', result.scanId)
      .where('artifactType', '=', 'pointcloud')
      .where('name', '=', IMPORTED_CLOUD_VERSION)
      .execute();
    await db
      .insertInto('artifacts')
      .values({
        scanId: result.scanId,
        artifactType: 'pointcloud',
        name: IMPORTED_CLOUD_VERSION,
        s3Url: result.s3Url,
        size: result.size,
        status: 'final',
        parameters: JSON.stringify(result.parameters),
      })
      .execute();
    return true;
  },
};

export type ImportedScanRow = NonNullable<
  Awaited<ReturnType<typeof importedScanRepository.findById>>
>;
