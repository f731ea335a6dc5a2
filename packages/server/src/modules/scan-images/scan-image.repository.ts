import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { ThumbnailedImageRef } from './image-thumbnails.ts';

type Db = Kysely<Database>;

/** The three camera columns of an image row. */
export const CAMERA_COLUMNS = ['leftImage', 'centerImage', 'rightImage'] as const;
export type CameraColumn = (typeof CAMERA_COLUMNS)[number];

/** SQL of scan images: one frame with its scan's owner, and the thumbnails of a scan's images. */
export const scanImageRepository = {
  findScanOwner(db: Db, scanId: string) {
    return db
      .selectFrom('scans')
      .select(['id', 'organizationId'])
      .where('id', '=', scanId)
      .executeTakeFirst();
  },

  findFrame(db: Db, scanId: string, frame: number) {
    return db
      .selectFrom('images')
      .select([
        'scanId',
        'frame',
        'gpsTime',
        'lat',
        'lon',
        'leftImage',
        'centerImage',
        'rightImage',
      ])
      .where('scanId', '=', scanId)
      .where('frame', '=', frame)
      .executeTakeFirst();
  },

  /** A scan's image rows in frame order (their camera references). */
  async framesOfScan(db: Db, scanId: string) {
    const rows = await db
      .selectFrom('images')
      .select(['id', 'frame', ...CAMERA_COLUMNS])
      .where('scanId', '=', scanId)
      .orderBy('frame')
      .execute();
    // The references may carry a thumbnail (see ThumbnailedImageRef).
    return rows as {
      id: number;
      frame: number;
      leftImage: ThumbnailedImageRef | null;
      centerImage: ThumbnailedImageRef | null;
      rightImage: ThumbnailedImageRef | null;
    }[];
  },

  /** Every camera reference of the given scans' images (to keep their thumbnails on re-ingestion). */
  async imageRefsOfScans(db: Db, scanIds: readonly string[]): Promise<ThumbnailedImageRef[]> {
    if (scanIds.length === 0) return [];
    const rows = await db
      .selectFrom('images')
      .select(CAMERA_COLUMNS)
      .where('scanId', 'in', scanIds)
      .execute();
    return rows
      .flatMap((row) => CAMERA_COLUMNS.map((column) => row[column]))
      .filter((r) => r !== null);
  },

  /** Replaces one camera reference of one image row. */
  async setImageRef(db: Db, id: number, column: CameraColumn, ref: ThumbnailedImageRef) {
    await db
      .updateTable('images')
      .set({ [column]: JSON.stringify(ref) })
      .where('id', '=', id)
      .execute();
  },
};
