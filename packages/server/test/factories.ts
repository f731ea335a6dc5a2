import { randomUUID } from 'node:crypto';
import type { UserType } from '@asset-portal/shared';
import type { Db } from '../src/db/database.ts';

let counter = 0;
const next = () => ++counter;

/** Data builders: each makes a valid row with unique values, overridable per test. */
export const factories = {
  async organization(db: Db, overrides: { name?: string } = {}) {
    return db
      .insertInto('organizations')
      .values({ name: overrides.name ?? `Org ${next()} ${randomUUID().slice(0, 6)}` })
      .returningAll()
      .executeTakeFirstOrThrow();
  },

  async device(db: Db, organizationId: number | null, id = `LG-${randomUUID().slice(0, 8)}`) {
    return db
      .insertInto('devices')
      .values({ id, name: id, organizationId })
      .returningAll()
      .executeTakeFirstOrThrow();
  },

  async user(
    db: Db,
    organizationId: number,
    userType: UserType = 'Standard',
    overrides: { enabled?: boolean } = {},
  ) {
    const n = next();
    const tag = randomUUID().slice(0, 8);
    return db
      .insertInto('users')
      .values({
        name: `User ${n}`,
        userType,
        email: `user${n}-${tag}@example.com`,
        username: `user${n}${tag}`,
        awsUserId: `sub-${tag}-${n}`,
        organizationId,
        enabled: overrides.enabled ?? true,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  },

  async project(db: Db, organizationId: number, overrides: { name?: string } = {}) {
    return db
      .insertInto('projects')
      .values({
        name: overrides.name ?? `Project ${next()}`,
        organizationId,
        utm: JSON.stringify({ utm: '10N' }),
        tagOptions: ['QA - OK', 'QA - Issue/Poor'],
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  },
};
