import { randomUUID } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

export const MIN_PASSWORD_LENGTH = 10;

export interface NewLocalAccount {
  subject?: string;
  username: string;
  email: string;
  password?: string;
}

// Verified when the username is unknown, so a miss costs about as long as a wrong password.
let dummyHash: Promise<string> | undefined;
const getDummyHash = () => {
  dummyHash ??= hash(randomUUID());
  return dummyHash;
};

export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

/** Creates an account of the built-in provider; without a password it can only be activated by an invitation. */
export async function createLocalAccount(
  db: Db,
  account: NewLocalAccount,
): Promise<{ subject: string }> {
  const subject = account.subject ?? randomUUID();
  const passwordHash = account.password ? await hashPassword(account.password) : null;
  await db
    .insertInto('localAccounts')
    .values({
      subject,
      username: account.username,
      email: account.email,
      passwordHash,
      passwordSetAt: passwordHash ? new Date() : null,
    })
    .execute();
  return { subject };
}

/** Sets (or replaces) the password of a local account; used by invitations, seeding and tests. */
export async function setPassword(db: Db, subject: string, password: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  const result = await db
    .updateTable('localAccounts')
    .set({ passwordHash, passwordSetAt: new Date() })
    .where('subject', '=', subject)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw new Error(`No local account ${subject}`);
}

export function findLocalAccount(db: Db, subject: string) {
  return db
    .selectFrom('localAccounts')
    .selectAll()
    .where('subject', '=', subject)
    .executeTakeFirst();
}

/** Returns the subject when the username (any case) and password match, else null. */
export async function checkPassword(
  db: Db,
  username: string,
  password: string,
): Promise<string | null> {
  const account = await db
    .selectFrom('localAccounts')
    .select(['subject', 'passwordHash'])
    .where(sql<string>`lower(username)`, '=', username.trim().toLowerCase())
    .executeTakeFirst();
  if (!account?.passwordHash) {
    await verify(await getDummyHash(), password).catch(() => false);
    return null;
  }
  const ok = await verify(account.passwordHash, password).catch(() => false);
  return ok ? account.subject : null;
}

export async function deleteLocalAccount(db: Db, subject: string): Promise<void> {
  await db.deleteFrom('localAccounts').where('subject', '=', subject).execute();
}
