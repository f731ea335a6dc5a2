import type { Db } from '../../db/database.ts';
import type { NewUser, UserRow } from '../../db/schema.ts';

/** The fields an edit may change; e-mail and username are permanent. */
export interface UserChanges {
  name: string;
  enabled: boolean;
  organizationId: number;
  userType: UserRow['userType'];
  phone: string | null;
}

/** All SQL about portal users. */
export const userRepository = {
  /** Users of one organization, or of all when organizationId is null (Admin). */
  list(db: Db, organizationId: number | null) {
    let query = db.selectFrom('users').selectAll().orderBy('name').orderBy('id');
    if (organizationId !== null) query = query.where('organizationId', '=', organizationId);
    return query.execute();
  },

  findById(db: Db, id: number) {
    return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  },

  findByAwsUserId(db: Db, awsUserId: string) {
    return db.selectFrom('users').selectAll().where('awsUserId', '=', awsUserId).executeTakeFirst();
  },

  /** The user holding this username or e-mail, compared without case. */
  findConflict(db: Db, username: string, email: string) {
    return db
      .selectFrom('users')
      .select(['id', 'username', 'email'])
      .where((eb) =>
        eb.or([
          eb(eb.fn('lower', ['username']), '=', username.toLowerCase()),
          eb(eb.fn('lower', ['email']), '=', email.toLowerCase()),
        ]),
      )
      .executeTakeFirst();
  },

  /** The user of this username in the organization. */
  findInOrganization(db: Db, username: string, organizationId: number) {
    return db
      .selectFrom('users')
      .selectAll()
      .where('username', '=', username)
      .where('organizationId', '=', organizationId)
      .executeTakeFirst();
  },

  async hasAdmin(db: Db) {
    const row = await db
      .selectFrom('users')
      .select('id')
      .where('userType', '=', 'Admin')
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  },

  create(db: Db, user: NewUser) {
    return db.insertInto('users').values(user).returningAll().executeTakeFirstOrThrow();
  },

  update(db: Db, id: number, changes: UserChanges) {
    return db
      .updateTable('users')
      .set({ ...changes, lastModified: new Date() })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  },

  delete(db: Db, id: number) {
    return db.deleteFrom('users').where('id', '=', id).execute();
  },
};
