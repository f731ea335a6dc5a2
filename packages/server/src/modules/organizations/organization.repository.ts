import DataLoader from 'dataloader';
import type { Db } from '../../db/database.ts';
import { inTransaction } from '../../db/in-transaction.ts';
import { deviceAssignmentRepository } from '../device-assignments/device-assignment.repository.ts';

/** All SQL about organizations and their devices (buckets: bucket.repository.ts). */
export const organizationRepository = {
  list(db: Db, organizationId: number | null) {
    let query = db.selectFrom('organizations').selectAll().orderBy('name');
    if (organizationId !== null) query = query.where('id', '=', organizationId);
    return query.execute();
  },

  findById(db: Db, id: number) {
    return db.selectFrom('organizations').selectAll().where('id', '=', id).executeTakeFirst();
  },

  /** The organization of this name, case aside: two names differing in case read as one. */
  findByName(db: Db, name: string) {
    return db
      .selectFrom('organizations')
      .selectAll()
      .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()))
      .executeTakeFirst();
  },

  listDevices(db: Db, organizationId: number | null) {
    let query = db.selectFrom('devices').selectAll().orderBy('id');
    if (organizationId !== null) query = query.where('organizationId', '=', organizationId);
    return query.execute();
  },

  /** Inserts the device; undefined when a device of that id exists already. */
  registerDevice(db: Db, device: { id: string; name: string; organizationId: number }) {
    return db
      .insertInto('devices')
      .values(device)
      .onConflict((oc) => oc.column('id').doNothing())
      .returningAll()
      .executeTakeFirst();
  },

  findDevices(db: Db, ids: readonly string[]) {
    if (ids.length === 0) return Promise.resolve([]);
    return db.selectFrom('devices').selectAll().where('id', 'in', ids).execute();
  },

  /** Creates the organization and hands it the devices, in one transaction. */
  async create(db: Db, name: string, deviceIds: readonly string[]) {
    return inTransaction(db, async (trx) => {
      const organization = await trx
        .insertInto('organizations')
        .values({ name })
        .returningAll()
        .executeTakeFirstOrThrow();
      await assignDevices(trx, organization.id, deviceIds);
      return organization;
    });
  },

  /**
   * Renames the organization and sets its devices, in one transaction. A device it gives up
   * leaves with its periods in the organization's projects ended now (see endInOrganization).
   */
  async update(db: Db, id: number, name: string, deviceIds: readonly string[]) {
    return inTransaction(db, async (trx) => {
      const organization = await trx
        .updateTable('organizations')
        .set({ name, lastModified: new Date() })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
      const released = await trx
        .updateTable('devices')
        .set({ organizationId: null, lastModified: new Date() })
        .where('organizationId', '=', id)
        .$if(deviceIds.length > 0, (qb) => qb.where('id', 'not in', deviceIds))
        .returning('id')
        .execute();
      await deviceAssignmentRepository.endInOrganization(
        trx,
        released.map((device) => device.id),
        id,
        new Date(),
      );
      await assignDevices(trx, id, deviceIds);
      return organization;
    });
  },

  /** Counts what still refers to the organization and would block its deletion. */
  async dependents(db: Db, id: number) {
    const count = (table: 'users' | 'projects' | 'buckets' | 'scans') =>
      db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('organizationId', '=', id)
        .executeTakeFirstOrThrow()
        .then((r) => Number(r.n));
    const [users, projects, buckets, scans] = await Promise.all([
      count('users'),
      count('projects'),
      count('buckets'),
      count('scans'),
    ]);
    return { users, projects, buckets, scans };
  },

  delete(db: Db, id: number) {
    return db.transaction().execute(async (trx) => {
      await trx
        .updateTable('devices')
        .set({ organizationId: null })
        .where('organizationId', '=', id)
        .execute();
      await trx.deleteFrom('organizations').where('id', '=', id).execute();
    });
  },

  byIdLoader(db: Db) {
    return new DataLoader<number, { id: number; name: string } | undefined>(async (ids) => {
      const rows = await db
        .selectFrom('organizations')
        .select(['id', 'name'])
        .where('id', 'in', ids)
        .execute();
      const byId = new Map(rows.map((r) => [r.id, r]));
      return ids.map((id) => byId.get(id));
    });
  },

  devicesByOrganizationLoader(db: Db) {
    return new DataLoader<number, { id: string; name: string | null }[]>(async (ids) => {
      const rows = await db
        .selectFrom('devices')
        .select(['id', 'name', 'organizationId'])
        .where('organizationId', 'in', ids)
        .orderBy('id')
        .execute();
      return ids.map((id) => rows.filter((r) => r.organizationId === id));
    });
  },
};

async function assignDevices(db: Db, organizationId: number, deviceIds: readonly string[]) {
  if (deviceIds.length === 0) return;
  await db
    .updateTable('devices')
    .set({ organizationId, lastModified: new Date() })
    .where('id', 'in', deviceIds)
    .execute();
}
