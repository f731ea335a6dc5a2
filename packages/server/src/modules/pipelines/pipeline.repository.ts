import type { Db } from '../../db/database.ts';

/** The stored fields of a pipeline, as the service writes them. */
export interface PipelineValues {
  projectId: number | null;
  organizationId: number | null;
  name: string;
  description: string;
  pipeline: string;
  dependencies: string[];
  global: boolean;
}

/** All SQL about processing pipelines. */
export const pipelineRepository = {
  /**
   * Global pipelines plus those of projects in the organization; every pipeline when the scope
   * is null (Admin).
   */
  listVisible(db: Db, organizationId: number | null) {
    let query = db
      .selectFrom('pipelines')
      .leftJoin('projects', 'projects.id', 'pipelines.projectId')
      .selectAll('pipelines')
      .orderBy('pipelines.name')
      .orderBy('pipelines.id');
    if (organizationId !== null) {
      query = query.where((eb) =>
        eb.or([
          eb('pipelines.global', '=', true),
          eb('projects.organizationId', '=', organizationId),
        ]),
      );
    }
    return query.execute();
  },

  /** The project's pipelines and every global one. */
  listForProject(db: Db, projectId: number) {
    return db
      .selectFrom('pipelines')
      .selectAll()
      .where((eb) => eb.or([eb('projectId', '=', projectId), eb('global', '=', true)]))
      .orderBy('name')
      .orderBy('id')
      .execute();
  },

  /** The pipeline with the organization of its project (null for a global pipeline). */
  findById(db: Db, id: number) {
    return db
      .selectFrom('pipelines')
      .leftJoin('projects', 'projects.id', 'pipelines.projectId')
      .selectAll('pipelines')
      .select('projects.organizationId as projectOrganizationId')
      .where('pipelines.id', '=', id)
      .executeTakeFirst();
  },

  /**
   * The id of a pipeline another than `selfId` that would be listed beside one of this name
   * (case aside): a project's pipelines with the global ones, the global ones among themselves.
   */
  async sameNameId(db: Db, values: PipelineValues, selfId: number | null) {
    const row = await db
      .selectFrom('pipelines')
      .select('id')
      .where((eb) => eb(eb.fn('lower', ['name']), '=', values.name.toLowerCase()))
      .where((eb) =>
        values.projectId === null
          ? eb('global', '=', true)
          : eb.or([eb('global', '=', true), eb('projectId', '=', values.projectId)]),
      )
      .$if(selfId !== null, (query) => query.where('id', '!=', selfId as number))
      .executeTakeFirst();
    return row?.id ?? null;
  },

  create(db: Db, values: PipelineValues) {
    return db.insertInto('pipelines').values(values).returningAll().executeTakeFirstOrThrow();
  },

  update(db: Db, id: number, values: PipelineValues) {
    return db
      .updateTable('pipelines')
      .set({ ...values, lastModified: new Date() })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  },

  delete(db: Db, id: number) {
    return db.deleteFrom('pipelines').where('id', '=', id).execute();
  },
};
