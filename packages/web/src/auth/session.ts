import { loginPathWithRedirect, type UserType } from '@asset-portal/shared';

/** The signed-in user as GET /auth/session describes it. */
export interface SessionUser {
  id: string;
  name: string;
  userType: UserType;
  username: string;
  email: string;
  awsUserId: string;
  organization: { id: string; name: string };
}

export type SessionState =
  | { status: 'loading' }
  | { status: 'signedIn'; user: SessionUser }
  | { status: 'signedOut' }
  | { status: 'error' };

export const SESSION_URL = '/auth/session';
export const SERVER_LOGOUT_URL = '/auth/logout';

/** Asks the server who is signed in; 401 means nobody (or a disabled or unknown user). */
export async function fetchSession(): Promise<SessionState> {
  const response = await fetch(SESSION_URL, { credentials: 'same-origin', cache: 'no-store' });
  if (response.status === 401) return { status: 'signedOut' };
  if (!response.ok) throw new Error(`GET ${SESSION_URL} answered ${response.status}`);
  const body = (await response.json()) as { user?: SessionUser };
  return body.user ? { status: 'signedIn', user: body.user } : { status: 'signedOut' };
}

/** The SPA path (with search and hash) the user is on, as the sign-in redirect expects it. */
export function currentFullPath(): string {
  const { pathname, search, hash } = window.location;
  return `${pathname}${search}${hash}`;
}

/** Sign-in is a server route: leave the SPA and come back to `redirectTo` afterwards. */
export function redirectToSignIn(redirectTo: string = currentFullPath()): void {
  window.location.assign(loginPathWithRedirect(redirectTo));
}

/**
 * Sign-out is a server route too: it clears the cookie session and the provider's session. It is
 * a form POST, which the server accepts only from the portal's own pages.
 */
export function redirectToServerLogout(): void {
  const form = document.createElement('form');
  form.method = 'POST';
  form.action = SERVER_LOGOUT_URL;
  form.style.display = 'none';
  document.body.appendChild(form);
  form.submit();
}
