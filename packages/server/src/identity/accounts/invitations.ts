import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../../db/database.ts';
import { invitationRepository as repo } from './invitation.repository.ts';
import { MIN_PASSWORD_LENGTH, setPassword } from './local-accounts.ts';

export const INVITATION_TTL_MS = 7 * 24 * 3_600_000;

export const INVITATION_MESSAGES = {
  invalid: 'This invitation link is invalid or has expired.',
  mismatch: 'Passwords do not match.',
  tooShort: `Password must be at least ${MIN_PASSWORD_LENGTH} characters.`,
} as const;

// Only the hash is stored, so a database leak does not reveal usable links.
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Creates a one-time invitation for the account and returns the secret token for the link. */
export async function createInvitation(db: Db, subject: string): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await repo.insert(db, {
    tokenHash: hashToken(token),
    subject,
    expiresAt: new Date(Date.now() + INVITATION_TTL_MS),
  });
  return token;
}

/** The invitation's account when the token is known, unused and not expired. */
export function findOpenInvitation(db: Db, token: string) {
  return repo.findOpen(db, hashToken(token));
}

export type RedeemResult = { ok: true; username: string } | { ok: false; error: string };

/** Checks the new password, marks the invitation used (exactly once) and sets the password. */
export async function redeemInvitation(
  db: Db,
  token: string,
  password: string,
  confirmation: string,
): Promise<RedeemResult> {
  const invitation = await findOpenInvitation(db, token);
  if (!invitation) return { ok: false, error: INVITATION_MESSAGES.invalid };
  if (password.length < MIN_PASSWORD_LENGTH)
    return { ok: false, error: INVITATION_MESSAGES.tooShort };
  if (password !== confirmation) return { ok: false, error: INVITATION_MESSAGES.mismatch };
  if (!(await repo.claim(db, hashToken(token)))) {
    return { ok: false, error: INVITATION_MESSAGES.invalid };
  }
  await setPassword(db, invitation.subject, password);
  return { ok: true, username: invitation.username };
}
