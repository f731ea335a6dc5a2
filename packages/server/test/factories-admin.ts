import { randomUUID } from 'node:crypto';
import type { Db } from '../src/db/database.ts';

let counter = 0;
const next = () => ++counter;

/** Data builders for the admin areas: vendor organizations, assignments, pipelines, scans. */
export const adminFactories = {
  /** An organization of the vendor itself (name starts with 'Lux', spec §6). */
  async vendorOrganization(db: Db) {
    return db
      .insertInto('organizations')
      .values({ name: `Lux ${next()} ${randomUUID().slice(0, 6)}` })
      .returningAll()
      .executeTakeFirstOrThrow();
  },

  async deviceAssignment(
    db: Db,
    deviceId: string,
    projectId: number,
    fromTimestamp: Date,
    toTimestamp: Date | null,
  ) {
    return db
      .insertInto('deviceAssignments')
      .values({ deviceId, projectId, fromTimestamp, toTimestamp })
      .returningAll()
      .executeTakeFirstOrThrow();
  },

  async pipeline(
    db: Db,
    overrides: { projectId?: number | null; organizationId?: number | null; global?: boolean } = {},
  ) {
    const global = overrides.global ?? false;
    return db
      .insertInto('pipelines')
      .values({
        projectId: global ? null : (overrides.projectId ?? null),
        organizationId: overrides.organizationId ?? null,
        name: `Pipeline ${next()}`,
        description: 'Decimate the cloud',
        pipeline: '{"pipeline":[{"type":"filters.decimation","step":2}]}',
        dependencies: [],
        global,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  },

  /** A bare scan row referencing a project, enough to block the project's deletion. */
  async scan(db: Db, organizationId: number, projectId: number) {
    return db
      .insertInto('scans')
      .values({
        id: `SC${randomUUID().replaceAll('-', '').slice(0, 20)}`,
        organizationId,
        projectId,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  },
};
