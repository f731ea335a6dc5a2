import type { FastifyReply } from 'fastify';
import type { AppConfig } from '../../config/config.ts';

export const SESSION_COOKIE = 'ap_session';

/** The session cookie: HttpOnly so page scripts never see it, SameSite=Lax for the sign-in redirect. */
export function setSessionCookie(reply: FastifyReply, config: AppConfig, sessionId: string): void {
  reply.setCookie(SESSION_COOKIE, sessionId, {
    path: '/',
    httpOnly: true,
    secure: config.cookieSecure,
    sameSite: 'lax',
    signed: true,
    maxAge: Math.floor(config.sessionTtlMs / 1000),
  });
}

export function clearSessionCookie(reply: FastifyReply, config: AppConfig): void {
  reply.clearCookie(SESSION_COOKIE, {
    path: '/',
    httpOnly: true,
    secure: config.cookieSecure,
    sameSite: 'lax',
  });
}
