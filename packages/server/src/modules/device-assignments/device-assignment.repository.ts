import { ASSIGNMENT_TYPE_DEVICE } from '@asset-portal/shared';
import DataLoader from 'dataloader';
import { type Selectable, sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { inTransaction } from '../../db/in-transaction.ts';
import type { DeviceAssignmentsTable, DeviceRow } from '../../db/schema.ts';
import type { DevicePeriod } from './capture-placement.ts';

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

  /**
   * Ends the periods of these devices in the organization's projects at `at`, the devices having
   * left it: what they capture from then on is not the organization's. Periods not begun by then
   * are deleted; the time before, and the scans placed in it, stay as they were.
   */
  async endInOrganization(
    db: Db,
    deviceIds: readonly string[],
    organizationId: number,
    at: Date,
  ): Promise<void> {
    if (deviceIds.length === 0) return;
    const projectIds = db
      .selectFrom('projects')
      .select('id')
      .where('organizationId', '=', organizationId);
    await db
      .deleteFrom('deviceAssignments')
      .where('deviceId', 'in', deviceIds)
      .where('projectId', 'in', projectIds)
      .where('fromTimestamp', '>=', at)
      .execute();
    await db
      .updateTable('deviceAssignments')
      .set({ toTimestamp: at })
      .where('deviceId', 'in', deviceIds)
      .where('projectId', 'in', projectIds)
      .where((eb) => eb.or([eb('toTimestamp', 'is', null), eb('toTimestamp', '>', at)]))
      .execute();
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
   * device cannot both pass the check; `afterSave` runs in the same transaction.
   */
  save(
    db: Db,
    id: number | null,
    values: DeviceAssignmentValues,
    afterSave: (trx: Db, saved: DeviceAssignmentRow) => Promise<void>,
  ): Promise<
    | { saved: DeviceAssignmentRow; overlap?: undefined }
    | { saved?: undefined; overlap: ScopedAssignment }
  > {
    return inTransaction(db, async (trx) => {
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
      await afterSave(trx, saved);
      return { saved };
    });
  },

  /** Deletes the assignment; `afterDelete` runs in the same transaction. */
  delete(db: Db, id: number, afterDelete: (trx: Db) => Promise<void>) {
    return db.transaction().execute(async (trx) => {
      await trx.deleteFrom('deviceAssignments').where('id', '=', id).execute();
      await afterDelete(trx);
    });
  },

  /** Every period of a device with its project's organization, oldest first. */
  devicePeriods(db: Db, deviceId: string): Promise<DevicePeriod[]> {
    return db
      .selectFrom('deviceAssignments')
      .innerJoin('projects', 'projects.id', 'deviceAssignments.projectId')
      .select([
        'deviceAssignments.projectId',
        'projects.organizationId',
        'deviceAssignments.fromTimestamp',
        'deviceAssignments.toTimestamp',
      ])
      .where('deviceAssignments.deviceId', '=', deviceId)
      .orderBy('deviceAssignments.fromTimestamp')
      .execute();
  },

  /**
   * Sessions or scans of a device captured within a window that the assignment rule places:
   * those in no project and those a device assignment put where they are. Data imported or
   * assigned by hand is never listed, so assignment changes leave it alone.
   */
  placedCaptures(
    db: Db,
    table: 'sessions' | 'scans',
    deviceId: string,
    window: { from: Date; to: Date | null },
  ) {
    let query = db
      .selectFrom(table)
      .select(['id', 'organizationId', 'projectId', 'capturedTimestamp'])
      .where('deviceId', '=', deviceId)
      .where('capturedTimestamp', '>=', window.from)
      .where((eb) =>
        eb.or([eb('projectId', 'is', null), eb('assignmentType', '=', ASSIGNMENT_TYPE_DEVICE)]),
      );
    if (window.to !== null) query = query.where('capturedTimestamp', '<', window.to);
    return query.execute();
  },

  async setPlacement(
    db: Db,
    table: 'sessions' | 'scans',
    ids: readonly string[],
    projectId: number | null,
    assignmentType: string | null,
  ) {
    if (ids.length === 0) return;
    await db
      .updateTable(table)
      .set({ projectId, assignmentType, lastModified: sql`now()` })
      .where('id', 'in', [...ids])
      .execute();
  },

  /**
   * By assignment id, the sessions its period placed in its project (the rule's placements, not
   * those assigned by hand): what deleting it sends to Unassigned scans.
   */
  placedSessionCountLoader(db: Db) {
    return new DataLoader<number, number>(async (ids) => {
      const rows = await db
        .selectFrom('deviceAssignments as a')
        .innerJoin('sessions as s', (join) =>
          join
            .onRef('s.deviceId', '=', 'a.deviceId')
            .onRef('s.projectId', '=', 'a.projectId')
            .onRef('s.capturedTimestamp', '>=', 'a.fromTimestamp'),
        )
        .where('a.id', 'in', [...ids])
        .where('s.assignmentType', '=', ASSIGNMENT_TYPE_DEVICE)
        .where((eb) =>
          eb.or([
            eb('a.toTimestamp', 'is', null),
            eb('s.capturedTimestamp', '<', eb.ref('a.toTimestamp')),
          ]),
        )
        .select((eb) => ['a.id', eb.fn.countAll<string | number>().as('count')])
        .groupBy('a.id')
        .execute();
      const counts = new Map(rows.map((row) => [row.id, Number(row.count)]));
      return ids.map((id) => counts.get(id) ?? 0);
    });
  },

  deviceByIdLoader(db: Db) {
    return new DataLoader<string, DeviceRow | undefined>(async (ids) => {
      const rows = await db.selectFrom('devices').selectAll().where('id', 'in', ids).execute();
      const byId = new Map(rows.map((row) => [row.id, row]));
      return ids.map((id) => byId.get(id));
    });
  },
};
