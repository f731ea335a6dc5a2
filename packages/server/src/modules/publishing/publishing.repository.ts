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

  /** Scans among `ids` that have at least one pointcloud artifact. */
  async scansWithCloud(db: Db, ids: readonly string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await db
      .selectFrom('artifacts')
      .select('scanId')
      .distinct()
      .where('scanId', 'in', [...ids])
      .where('artifactType', '=', 'pointcloud')
      .execute();
    return new Set(rows.map((r) => r.scanId));
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

  /** The scan's default version's pointcloud artifact, else its first one. */
  findCloud(db: Db, scanId: string) {
    return db
      .selectFrom('artifacts')
      .innerJoin('scans', 'scans.id', 'artifacts.scanId')
      .select(['artifacts.id', 'artifacts.name', 'artifacts.s3Url', 'artifacts.parameters'])
      .where('artifacts.scanId', '=', scanId)
      .where('artifacts.artifactType', '=', 'pointcloud')
      .orderBy(sql`artifacts.name IS NOT DISTINCT FROM scans.default_version`, 'desc')
      .orderBy('artifacts.id')
      .executeTakeFirst();
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
