import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

export interface LocalAccountValues {
  subject: string;
  username: string;
  email: string;
  passwordHash: string | null;
}

/** All SQL of the built-in provider's accounts. Usernames match in any case. */
export const localAccountRepository = {
  async insert(db: Db, account: LocalAccountValues): Promise<void> {
    await db
      .insertInto('localAccounts')
      .values({ ...account, passwordSetAt: account.passwordHash ? new Date() : null })
      .execute();
  },

  /** False when there is no such account. */
  async setPasswordHash(db: Db, subject: string, passwordHash: string): Promise<boolean> {
    const result = await db
      .updateTable('localAccounts')
      .set({ passwordHash, passwordSetAt: new Date() })
      .where('subject', '=', subject)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  },

  findBySubject(db: Db, subject: string) {
    return db
      .selectFrom('localAccounts')
      .selectAll()
      .where('subject', '=', subject)
      .executeTakeFirst();
  },

  findByUsername(db: Db, username: string) {
    return db
      .selectFrom('localAccounts')
      .select(['subject', 'passwordHash'])
      .where(sql<string>`lower(username)`, '=', username.trim().toLowerCase())
      .executeTakeFirst();
  },

  async delete(db: Db, subject: string): Promise<void> {
    await db.deleteFrom('localAccounts').where('subject', '=', subject).execute();
  },

  /** The portal user's name for the account's claims; the user may not exist (yet). */
  async userName(db: Db, subject: string): Promise<string | null> {
    const user = await db
      .selectFrom('users')
      .select('name')
      .where('awsUserId', '=', subject)
      .executeTakeFirst();
    return user?.name ?? null;
  },
};
