import DataLoader from 'dataloader';
import type { Db } from '../../db/database.ts';
import type { Point } from '../../db/schema.ts';

const columns = [
  'annotations.id',
  'annotations.scanId',
  'annotations.userId',
  'annotations.title',
  'annotations.type',
  'annotations.comment',
  'annotations.point',
  'annotations.created',
  'annotations.lastModified',
] as const;

export interface AnnotationFields {
  title: string;
  type: string | null;
  comment: string | null;
  point: Point;
}

export interface AnnotationFilter {
  /** Organization the scans must belong to; null means any (Admin). */
  organizationId: number | null;
  projectId?: number | undefined;
  scanId?: string | undefined;
}

/** All SQL about annotations of scans. */
export const annotationRepository = {
  /** Annotations of scans in scope, newest id first. */
  list(db: Db, filter: AnnotationFilter) {
    let query = db
      .selectFrom('annotations')
      .innerJoin('scans', 'scans.id', 'annotations.scanId')
      .select(columns)
      .orderBy('annotations.id', 'desc');
    if (filter.organizationId !== null) {
      query = query.where('scans.organizationId', '=', filter.organizationId);
    }
    if (filter.projectId !== undefined)
      query = query.where('scans.projectId', '=', filter.projectId);
    if (filter.scanId !== undefined) query = query.where('annotations.scanId', '=', filter.scanId);
    return query.execute();
  },

  /** The annotation with the organization of its scan, for the scope check. */
  findWithScope(db: Db, id: number) {
    return db
      .selectFrom('annotations')
      .innerJoin('scans', 'scans.id', 'annotations.scanId')
      .select([...columns, 'scans.organizationId'])
      .where('annotations.id', '=', id)
      .executeTakeFirst();
  },

  findScanScope(db: Db, scanId: string) {
    return db
      .selectFrom('scans')
      .select(['id', 'organizationId', 'projectId'])
      .where('id', '=', scanId)
      .executeTakeFirst();
  },

  create(db: Db, scanId: string, userId: number, fields: AnnotationFields) {
    return db
      .insertInto('annotations')
      .values({ scanId, userId, ...fields, point: JSON.stringify(fields.point) })
      .returning(columns)
      .executeTakeFirstOrThrow();
  },

  update(db: Db, id: number, fields: AnnotationFields) {
    return db
      .updateTable('annotations')
      .set({ ...fields, point: JSON.stringify(fields.point), lastModified: new Date() })
      .where('id', '=', id)
      .returning(columns)
      .executeTakeFirstOrThrow();
  },

  async delete(db: Db, id: number) {
    await db.deleteFrom('annotations').where('id', '=', id).execute();
  },

  /** Authors' names, for `user { id name }`. */
  authorLoader(db: Db) {
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
