import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/database.ts';
import type { Viewer } from '../../graphql/context.ts';
import { SESSION_COOKIE } from './session-cookie.ts';
import { findViewerBySubject } from './sign-in.repository.ts';
import { webSessionRepository } from './web-session.repository.ts';

/** Checks a bearer access token and returns its subject; null when it is not valid. */
export type AccessTokenVerifier = (token: string) => Promise<string | null>;

export type Authentication =
  | { kind: 'anonymous' }
  | { kind: 'rejected'; reason: string }
  | { kind: 'signed-in'; viewer: Viewer; sessionId: string | null };

/**
 * Who is calling: a session cookie (browser) or a bearer access token (scripts). The user row is
 * read on every request, so a disabled or deleted user loses access on their next request.
 */
export async function authenticate(
  request: FastifyRequest,
  db: Db,
  verifyAccessToken: AccessTokenVerifier,
): Promise<Authentication> {
  let subject: string | null = null;
  let sessionId: string | null = null;
  const header = request.headers.authorization;
  if (header) {
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match?.[1]) return { kind: 'rejected', reason: 'malformed authorization header' };
    subject = await verifyAccessToken(match[1]);
    if (!subject) return { kind: 'rejected', reason: 'invalid access token' };
  } else {
    const raw = request.cookies[SESSION_COOKIE];
    if (!raw) return { kind: 'anonymous' };
    const unsigned = request.unsignCookie(raw);
    if (!unsigned.valid || !unsigned.value)
      return { kind: 'rejected', reason: 'invalid session cookie' };
    const session = await webSessionRepository.find(db, unsigned.value);
    if (!session) return { kind: 'rejected', reason: 'session expired' };
    subject = session.subject;
    sessionId = session.id;
  }
  const row = await findViewerBySubject(db, subject);
  if (!row) return { kind: 'rejected', reason: 'unknown user' };
  if (!row.enabled) return { kind: 'rejected', reason: 'user disabled' };
  const { organizationName, ...user } = row;
  return { kind: 'signed-in', viewer: { user, organizationName }, sessionId };
}
