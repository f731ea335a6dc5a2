import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { CAMERA_COLUMNS } from '../scan-images/scan-image.repository.ts';

/** The scans' cloud versions, the one each publishes first: its default version, else by id. */
function cloudRows(db: Db, scanIds: readonly string[]) {
  if (scanIds.length === 0) return Promise.resolve([]);
  return db
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
}
type CloudRow = Awaited<ReturnType<typeof cloudRows>>[number];

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
    const clouds = new Map<string, CloudRow>();
    for (const row of await cloudRows(db, scanIds))
      if (!clouds.has(row.scanId)) clouds.set(row.scanId, row);
    return clouds;
  },

  /**
   * The cloud one scan publishes (its job reads it), by the same rule, with all the scan's cloud
   * versions (what the published one was made from).
   */
  async findCloud(db: Db, scanId: string) {
    const versions = await cloudRows(db, [scanId]);
    return versions[0] ? { ...versions[0], versions } : undefined;
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
