import { randomUUID } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import type { Db } from '../../db/database.ts';
import { localAccountRepository as repo } from './local-account.repository.ts';

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
  await repo.insert(db, {
    subject,
    username: account.username,
    email: account.email,
    passwordHash,
  });
  return { subject };
}

/** Sets (or replaces) the password of a local account; used by invitations, seeding and tests. */
export async function setPassword(db: Db, subject: string, password: string): Promise<void> {
  const updated = await repo.setPasswordHash(db, subject, await hashPassword(password));
  if (!updated) throw new Error(`No local account ${subject}`);
}

export function findLocalAccount(db: Db, subject: string) {
  return repo.findBySubject(db, subject);
}

/** Returns the subject when the username (any case) and password match, else null. */
export async function checkPassword(
  db: Db,
  username: string,
  password: string,
): Promise<string | null> {
  const account = await repo.findByUsername(db, username);
  if (!account?.passwordHash) {
    await verify(await getDummyHash(), password).catch(() => false);
    return null;
  }
  const ok = await verify(account.passwordHash, password).catch(() => false);
  return ok ? account.subject : null;
}

export async function deleteLocalAccount(db: Db, subject: string): Promise<void> {
  await repo.delete(db, subject);
}
