import type { Db } from '../../db/database.ts';

const columns = [
  'id',
  'projectId',
  'name',
  'comments',
  'source',
  'layers',
  'ignore',
  'showByDefault',
  'created',
  'lastModified',
] as const;

/** All SQL about a project's map layers. */
export const projectLayerRepository = {
  /** The project's layers sorted by name (then id, so equal names keep one order). */
  listForProject(db: Db, projectId: number) {
    return db
      .selectFrom('projectLayers')
      .select(columns)
      .where('projectId', '=', projectId)
      .orderBy('name')
      .orderBy('id')
      .execute();
  },
};
