import DataLoader from 'dataloader';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { ProjectRow } from '../../db/schema.ts';

/** The stored fields of a project, as the service writes them. */
export interface ProjectValues {
  name: string;
  comments: string | null;
  active: boolean;
  organizationId: number;
  utm: string;
  projection: string | null;
  geoidGridFile: string | null;
  helmertParameters: string | null;
  tagOptions: string[];
  classifiers: string;
}

/** The device-assignment period of a project: earliest from, latest to (null while open). */
export interface AssignmentPeriod {
  from: Date | null;
  to: Date | null;
}

const NO_PERIOD: AssignmentPeriod = { from: null, to: null };

// utm is one jsonb form, { "utm": "10N" }, whatever form the caller sent.
const toRow = (values: ProjectValues) => ({
  ...values,
  utm: JSON.stringify({ utm: values.utm }),
});

/** All SQL about projects and the device assignments that date them. */
export const projectRepository = {
  list(db: Db, organizationId: number | null) {
    let query = db.selectFrom('projects').selectAll().orderBy('name').orderBy('id');
    if (organizationId !== null) query = query.where('organizationId', '=', organizationId);
    return query.execute();
  },

  findById(db: Db, id: number) {
    return db.selectFrom('projects').selectAll().where('id', '=', id).executeTakeFirst();
  },

  /** The organization's project of this name, case aside ('paris test drive' is 'Paris Test Drive'). */
  findByName(db: Db, organizationId: number, name: string) {
    return db
      .selectFrom('projects')
      .select(['id', 'name'])
      .where('organizationId', '=', organizationId)
      .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()))
      .executeTakeFirst();
  },

  create(db: Db, values: ProjectValues) {
    return db.insertInto('projects').values(toRow(values)).returningAll().executeTakeFirstOrThrow();
  },

  /** Updates the project; its pipelines follow it when it moves to another organization. */
  update(db: Db, id: number, values: ProjectValues) {
    return db.transaction().execute(async (trx) => {
      const project = await trx
        .updateTable('projects')
        .set({ ...toRow(values), lastModified: new Date() })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
      await trx
        .updateTable('pipelines')
        .set({ organizationId: values.organizationId })
        .where('projectId', '=', id)
        .where('organizationId', 'is distinct from', values.organizationId)
        .execute();
      return project;
    });
  },

  countScans(db: Db, projectId: number) {
    return db
      .selectFrom('scans')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('projectId', '=', projectId)
      .executeTakeFirstOrThrow()
      .then((row) => Number(row.n));
  },

  delete(db: Db, id: number) {
    return db.deleteFrom('projects').where('id', '=', id).execute();
  },

  /** Distinct geoid grid file names referenced by the projects of the scope. */
  async geoidGridFiles(db: Db, organizationId: number | null) {
    let query = db
      .selectFrom('projects')
      .select('geoidGridFile')
      .distinct()
      .where('geoidGridFile', 'is not', null)
      .orderBy('geoidGridFile');
    if (organizationId !== null) query = query.where('organizationId', '=', organizationId);
    const rows = await query.execute();
    return rows.map((row) => row.geoidGridFile as string);
  },

  byIdLoader(db: Db) {
    return new DataLoader<number, ProjectRow | undefined>(async (ids) => {
      const rows = await db.selectFrom('projects').selectAll().where('id', 'in', ids).execute();
      const byId = new Map(rows.map((row) => [row.id, row]));
      return ids.map((id) => byId.get(id));
    });
  },

  byOrganizationLoader(db: Db) {
    return new DataLoader<number, ProjectRow[]>(async (ids) => {
      const rows = await db
        .selectFrom('projects')
        .selectAll()
        .where('organizationId', 'in', ids)
        .orderBy('name')
        .execute();
      return ids.map((id) => rows.filter((row) => row.organizationId === id));
    });
  },

  /** from/to of each project, one query for the whole batch. */
  assignmentPeriodLoader(db: Db) {
    return new DataLoader<number, AssignmentPeriod>(async (ids) => {
      const rows = await db
        .selectFrom('deviceAssignments')
        .select((eb) => [
          'projectId',
          eb.fn.min('fromTimestamp').as('from'),
          // An assignment still open (no end) leaves the project's period open.
          sql<Date | null>`case when bool_or(to_timestamp is null) then null else max(to_timestamp) end`.as(
            'to',
          ),
        ])
        .where('projectId', 'in', ids)
        .groupBy('projectId')
        .execute();
      const byId = new Map(
        rows.map((row) => [row.projectId, { from: toDate(row.from), to: toDate(row.to) }]),
      );
      return ids.map((id) => byId.get(id) ?? NO_PERIOD);
    });
  },
};

function toDate(value: Date | string | null): Date | null {
  if (value === null) return null;
  return value instanceof Date ? value : new Date(value);
}
