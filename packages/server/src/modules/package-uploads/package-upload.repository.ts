import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { PackageUploadsTable } from '../../db/schema.ts';

export type PackageUploadRow = Selectable<PackageUploadsTable>;

/** Bookkeeping of package uploads: who owns an upload id and where it stands. */
export const packageUploadRepository = {
  async organizationDeviceCount(db: Db, organizationId: number): Promise<number> {
    const row = await db
      .selectFrom('devices')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('organizationId', '=', organizationId)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  },

  insert(db: Db, values: Insertable<PackageUploadsTable>): Promise<PackageUploadRow> {
    return db.insertInto('packageUploads').values(values).returningAll().executeTakeFirstOrThrow();
  },

  /** The multipart upload with this id in this organization, or undefined. */
  findMultipart(
    db: Db,
    organizationId: number,
    uploadId: string,
  ): Promise<PackageUploadRow | undefined> {
    return db
      .selectFrom('packageUploads')
      .selectAll()
      .where('uploadId', '=', uploadId)
      .where('organizationId', '=', organizationId)
      .executeTakeFirst();
  },

  /** Marks an uploading row completed; undefined when another request completed it first. */
  markCompleted(db: Db, id: number, size: number): Promise<PackageUploadRow | undefined> {
    return db
      .updateTable('packageUploads')
      .set({ status: 'completed', size, completed: new Date() })
      .where('id', '=', id)
      .where('status', '=', 'uploading')
      .returningAll()
      .executeTakeFirst();
  },

  async markAborted(db: Db, id: number): Promise<void> {
    await db
      .updateTable('packageUploads')
      .set({ status: 'aborted' })
      .where('id', '=', id)
      .where('status', '=', 'uploading')
      .execute();
  },
};
