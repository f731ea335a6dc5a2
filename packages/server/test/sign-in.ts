import { HttpClient, parseForm } from './http-client.ts';

export interface SignInResult {
  client: HttpClient;
  /** Where the portal sent the browser after the callback (a path such as '/' or '/unauthorized'). */
  location: string;
  /** The session cookie as a ready `cookie` header value, or null when none was set. */
  sessionCookie: string | null;
}

/** Starts /login and returns the provider's login page (after the redirects). */
export async function openLoginPage(
  origin: string,
  redirect?: string,
  client = new HttpClient(origin),
) {
  const start =
    redirect === undefined ? '/login' : `/login?redirect=${encodeURIComponent(redirect)}`;
  const first = await client.request(start);
  const { response, url } = await client.follow(first, start);
  const html = await response.text();
  if (response.status !== 200)
    throw new Error(`Login page failed (${response.status}) at ${url}: ${html}`);
  return { client, html, action: parseForm(html).action, url };
}

/** Submits the login form and follows the redirects through the provider back into the portal. */
export async function submitLoginForm(
  client: HttpClient,
  action: string,
  username: string,
  password: string,
): Promise<{ response: Response; location: string | null }> {
  const posted = await client.postForm(action, { username, password });
  if (posted.status === 200 || posted.status === 401) return { response: posted, location: null };
  const origin = client.origin;
  const { response, visited } = await client.follow(posted, action, (next) => {
    const path = next.pathname;
    return next.origin === origin && (path.startsWith('/oidc/') || path.startsWith('/login/'));
  });
  const last = visited.at(-1);
  return { response, location: last ? new URL(last).pathname + new URL(last).search : null };
}

/**
 * Signs in the way a browser does: /login, the built-in provider's login page, the callback.
 * Throws when the login page rejects the credentials.
 */
export async function signInThroughLoginPage(
  origin: string,
  username: string,
  password: string,
  options: { redirect?: string } = {},
): Promise<SignInResult> {
  const page = await openLoginPage(origin, options.redirect);
  const { response, location } = await submitLoginForm(
    page.client,
    page.action,
    username,
    password,
  );
  if (!location) throw new Error(`Sign-in rejected: ${await response.text()}`);
  const session = page.client.jar.get('ap_session');
  return {
    client: page.client,
    location,
    sessionCookie: session ? `ap_session=${session.value}` : null,
  };
}
