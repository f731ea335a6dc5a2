import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { CAMERA_COLUMNS } from '../scan-images/scan-image.repository.ts';

/** The SQL publishing needs: scans, their best cloud, images, and the project. */
export const publishingRepository = {
  findScans(db: Db, ids: readonly string[]) {
    if (ids.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('scans')
      .select(['id', 'organizationId', 'projectId', 'sessionId'])
      .where('id', 'in', [...ids])
      .execute();
  },

  findScan(db: Db, id: string) {
    return db
      .selectFrom('scans')
      .select([
        'id',
        'organizationId',
        'projectId',
        'sessionId',
        'metadata',
        'capturedTimestamp',
        'simplePath',
      ])
      .where('id', '=', id)
      .executeTakeFirst();
  },

  /** The cloud each scan publishes: its default version's, else its first (by id). */
  async cloudsToPublish(db: Db, scanIds: readonly string[]) {
    if (scanIds.length === 0) return new Map<string, never>();
    const rows = await db
      .selectFrom('artifacts')
      .innerJoin('scans', 'scans.id', 'artifacts.scanId')
      .select([
        'artifacts.id',
        'artifacts.scanId',
        'artifacts.name',
        'artifacts.s3Url',
        'artifacts.parameters',
      ])
      .where('artifacts.scanId', 'in', [...scanIds])
      .where('artifacts.artifactType', '=', 'pointcloud')
      .orderBy(sql`artifacts.name IS NOT DISTINCT FROM scans.default_version`, 'desc')
      .orderBy('artifacts.id')
      .execute();
    const clouds = new Map<string, (typeof rows)[number]>();
    for (const row of rows) if (!clouds.has(row.scanId)) clouds.set(row.scanId, row);
    return clouds;
  },

  /** The cloud one scan publishes (its job reads it), by the same rule. */
  async findCloud(db: Db, scanId: string) {
    return (await this.cloudsToPublish(db, [scanId])).get(scanId);
  },

  /** The scan's cloud versions with their parameters (what each was made from). */
  cloudVersions(db: Db, scanId: string) {
    return db
      .selectFrom('artifacts')
      .select(['id', 'parameters'])
      .where('scanId', '=', scanId)
      .where('artifactType', '=', 'pointcloud')
      .execute();
  },

  images(db: Db, scanId: string) {
    return db
      .selectFrom('images')
      .select(['frame', 'gpsTime', 'lat', 'lon', 'z', ...CAMERA_COLUMNS])
      .where('scanId', '=', scanId)
      .orderBy('frame')
      .execute();
  },
};
