import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { UserRow } from '../../db/schema.ts';

/** What the provider told us about the person signing in. */
export interface SignedInIdentity {
  subject: string;
  /** Provider username (Cognito `username`, else `preferred_username`); used only as a fallback. */
  username: string | null;
}

/**
 * Finds the portal user for a sign-in. The identity subject is matched against users.aws_user_id.
 * For an external provider a user not found by subject is matched by username, provided the row is
 * not linked to another identity (aws_user_id empty, or holding that same username as older
 * Cognito set-ups did); the row is then linked to the subject so later look-ups, bearer tokens
 * included, find it by subject.
 */
export async function findUserForSignIn(
  db: Db,
  identity: SignedInIdentity,
  allowUsernameFallback: boolean,
): Promise<UserRow | undefined> {
  const bySubject = await db
    .selectFrom('users')
    .selectAll()
    .where('awsUserId', '=', identity.subject)
    .executeTakeFirst();
  if (bySubject || !allowUsernameFallback || !identity.username) return bySubject;
  const username = identity.username;
  const byUsername = await db
    .selectFrom('users')
    .selectAll()
    .where(sql<string>`lower(username)`, '=', username.toLowerCase())
    .where((eb) => eb.or([eb('awsUserId', 'is', null), eb('awsUserId', '=', username)]))
    .executeTakeFirst();
  if (!byUsername) return undefined;
  return db
    .updateTable('users')
    .set({ awsUserId: identity.subject, lastModified: new Date() })
    .where('id', '=', byUsername.id)
    .returningAll()
    .executeTakeFirst();
}

export async function recordSignIn(db: Db, user: UserRow): Promise<void> {
  await db
    .insertInto('activityLogs')
    .values({
      activityType: 'UserLogin',
      status: 'Event',
      userId: user.id,
      organizationId: user.organizationId,
      message: `${user.name} signed in`,
    })
    .execute();
}

/** The enabled-or-not user of an identity subject, with their organization's name. */
export function findViewerBySubject(db: Db, subject: string) {
  return db
    .selectFrom('users')
    .innerJoin('organizations', 'organizations.id', 'users.organizationId')
    .selectAll('users')
    .select('organizations.name as organizationName')
    .where('users.awsUserId', '=', subject)
    .executeTakeFirst();
}

export async function findOrganizationName(db: Db, organizationId: number): Promise<string> {
  const row = await db
    .selectFrom('organizations')
    .select('name')
    .where('id', '=', organizationId)
    .executeTakeFirst();
  return row?.name ?? '';
}
