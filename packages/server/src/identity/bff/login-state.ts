import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../../config/config.ts';

const LOGIN_STATE_COOKIE = 'ap_login';
const LOGIN_STATE_TTL_S = 600;
const COOKIE_PATH = '/login';

/** What /login remembers until the provider sends the browser back to the callback. */
export interface LoginState {
  state: string;
  nonce: string;
  codeVerifier: string;
  redirect: string;
}

/** Only same-origin paths ('/x', not '//host' or '/\host'); anything else becomes '/'. */
export function safeRedirectPath(value: unknown): string {
  if (typeof value !== 'string' || value.length > 2000) return '/';
  if (!value.startsWith('/') || value.startsWith('//')) return '/';
  // Backslashes and control characters let some browsers read the path as another host.
  let path = '';
  for (const char of value) {
    const code = char.codePointAt(0) ?? 0;
    if (char === '\\' || code < 0x20 || code === 0x7f) return '/';
    if (code < 0x80) {
      path += char;
      continue;
    }
    // A Location header holds ASCII only: other characters go percent-encoded, as browsers
    // send them; a lone surrogate cannot be encoded and is refused.
    try {
      path += encodeURIComponent(char);
    } catch {
      return '/';
    }
  }
  return path;
}

export function saveLoginState(reply: FastifyReply, config: AppConfig, state: LoginState): void {
  reply.setCookie(LOGIN_STATE_COOKIE, JSON.stringify(state), {
    path: COOKIE_PATH,
    httpOnly: true,
    secure: config.cookieSecure,
    // Lax still sends it on the provider's top-level redirect back to the callback.
    sameSite: 'lax',
    signed: true,
    maxAge: LOGIN_STATE_TTL_S,
  });
}

export function readLoginState(request: FastifyRequest): LoginState | null {
  const raw = request.cookies[LOGIN_STATE_COOKIE];
  if (!raw) return null;
  const unsigned = request.unsignCookie(raw);
  if (!unsigned.valid || !unsigned.value) return null;
  try {
    const parsed = JSON.parse(unsigned.value) as Partial<LoginState>;
    if (!parsed.state || !parsed.nonce || !parsed.codeVerifier) return null;
    return {
      state: parsed.state,
      nonce: parsed.nonce,
      codeVerifier: parsed.codeVerifier,
      redirect: safeRedirectPath(parsed.redirect),
    };
  } catch {
    return null;
  }
}

export function clearLoginState(reply: FastifyReply, config: AppConfig): void {
  reply.clearCookie(LOGIN_STATE_COOKIE, {
    path: COOKIE_PATH,
    httpOnly: true,
    secure: config.cookieSecure,
    sameSite: 'lax',
  });
}
