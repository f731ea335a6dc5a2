import DataLoader from 'dataloader';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { DeviceAssignmentsTable, DeviceRow, ProjectRow } from '../../db/schema.ts';

export type DeviceAssignmentRow = Selectable<DeviceAssignmentsTable>;

/** The stored fields of an assignment, as the service writes them. */
export interface DeviceAssignmentValues {
  deviceId: string;
  projectId: number;
  fromTimestamp: Date;
  toTimestamp: Date | null;
}

/** An assignment with the organization and name of its project, for scoping and messages. */
export type ScopedAssignment = DeviceAssignmentRow & {
  projectName: string;
  organizationId: number;
};

function scopedAssignments(db: Db) {
  return db
    .selectFrom('deviceAssignments')
    .innerJoin('projects', 'projects.id', 'deviceAssignments.projectId')
    .selectAll('deviceAssignments')
    .select(['projects.name as projectName', 'projects.organizationId as organizationId']);
}

/**
 * The project a device was assigned to at a capture time: the one whose period contains it
 * (from inclusive, to exclusive); null when the device had no assignment then. Periods of one
 * device never overlap, so there is at most one.
 */
export async function projectForDeviceAt(
  db: Db,
  deviceId: string,
  capturedAt: Date,
): Promise<ProjectRow | null> {
  const project = await db
    .selectFrom('deviceAssignments')
    .innerJoin('projects', 'projects.id', 'deviceAssignments.projectId')
    .selectAll('projects')
    .where('deviceAssignments.deviceId', '=', deviceId)
    .where('deviceAssignments.fromTimestamp', '<=', capturedAt)
    .where((eb) =>
      eb.or([
        eb('deviceAssignments.toTimestamp', 'is', null),
        eb('deviceAssignments.toTimestamp', '>', capturedAt),
      ]),
    )
    .orderBy('deviceAssignments.fromTimestamp', 'desc')
    .executeTakeFirst();
  return project ?? null;
}

/** All SQL about device assignments. */
export const deviceAssignmentRepository = {
  /** Assignments to the projects of an organization (null: every organization). */
  list(db: Db, organizationId: number | null) {
    let query = scopedAssignments(db)
      .orderBy('deviceAssignments.deviceId')
      .orderBy('deviceAssignments.fromTimestamp');
    if (organizationId !== null)
      query = query.where('projects.organizationId', '=', organizationId);
    return query.execute();
  },

  findById(db: Db, id: number): Promise<ScopedAssignment | undefined> {
    return scopedAssignments(db).where('deviceAssignments.id', '=', id).executeTakeFirst();
  },

  findDevice(db: Db, id: string): Promise<DeviceRow | undefined> {
    return db.selectFrom('devices').selectAll().where('id', '=', id).executeTakeFirst();
  },

  /**
   * Writes the assignment unless it overlaps another period of the same device; returns the
   * overlapping assignment instead. The device row is locked so two concurrent writes for one
   * device cannot both pass the check.
   */
  save(
    db: Db,
    id: number | null,
    values: DeviceAssignmentValues,
  ): Promise<
    | { saved: DeviceAssignmentRow; overlap?: undefined }
    | { saved?: undefined; overlap: ScopedAssignment }
  > {
    return db.transaction().execute(async (trx) => {
      await trx
        .selectFrom('devices')
        .select('id')
        .where('id', '=', values.deviceId)
        .forUpdate()
        .execute();
      let overlapQuery = scopedAssignments(trx)
        .where('deviceAssignments.deviceId', '=', values.deviceId)
        .where((eb) =>
          eb.or([
            eb('deviceAssignments.toTimestamp', 'is', null),
            eb('deviceAssignments.toTimestamp', '>', values.fromTimestamp),
          ]),
        )
        .orderBy('deviceAssignments.fromTimestamp');
      if (values.toTimestamp !== null) {
        overlapQuery = overlapQuery.where(
          'deviceAssignments.fromTimestamp',
          '<',
          values.toTimestamp,
        );
      }
      if (id !== null) overlapQuery = overlapQuery.where('deviceAssignments.id', '!=', id);
      const overlap = await overlapQuery.executeTakeFirst();
      if (overlap) return { overlap };
      const saved =
        id === null
          ? await trx
              .insertInto('deviceAssignments')
              .values(values)
              .returningAll()
              .executeTakeFirstOrThrow()
          : await trx
              .updateTable('deviceAssignments')
              .set(values)
              .where('id', '=', id)
              .returningAll()
              .executeTakeFirstOrThrow();
      return { saved };
    });
  },

  delete(db: Db, id: number) {
    return db.deleteFrom('deviceAssignments').where('id', '=', id).execute();
  },

  deviceByIdLoader(db: Db) {
    return new DataLoader<string, DeviceRow | undefined>(async (ids) => {
      const rows = await db.selectFrom('devices').selectAll().where('id', 'in', ids).execute();
      const byId = new Map(rows.map((row) => [row.id, row]));
      return ids.map((id) => byId.get(id));
    });
  },
};
