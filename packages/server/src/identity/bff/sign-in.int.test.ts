import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DATABASE_KINDS } from '../../../test/databases.ts';
import { factories } from '../../../test/factories.ts';
import { HttpClient, parseForm } from '../../../test/http-client.ts';
import { type LiveApp, startLiveApp } from '../../../test/live-app.ts';
import { openLoginPage, signInThroughLoginPage, submitLoginForm } from '../../../test/sign-in.ts';
import { createLocalAccount } from '../accounts/local-accounts.ts';

const PASSWORD = 'correct horse battery';

// The callback's user lookup, made to fail on demand (the database unreachable for it alone).
const lookup = vi.hoisted(() => ({ fail: false }));
vi.mock('./sign-in.repository.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('./sign-in.repository.ts')>();
  return {
    ...original,
    findUserForSignIn: (...args: Parameters<typeof original.findUserForSignIn>) =>
      lookup.fail
        ? Promise.reject(new Error('the database is unreachable'))
        : original.findUserForSignIn(...args),
  };
});

describe.each(DATABASE_KINDS)('sign-in through the built-in provider on %s', (kind) => {
  let live: LiveApp;
  beforeAll(async () => {
    live = await startLiveApp(kind);
  });
  afterAll(async () => live?.close());

  async function userWithAccount(options: { enabled?: boolean } = {}) {
    const db = live.database.db;
    const organization = await factories.organization(db);
    const user = await factories.user(db, organization.id, 'Power User', options);
    await createLocalAccount(db, {
      subject: user.awsUserId as string,
      username: user.username,
      email: user.email,
      password: PASSWORD,
    });
    return { user, organization };
  }

  const graphql = (client: HttpClient, query: string, headers: Record<string, string> = {}) =>
    client.request('/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ query }),
    });

  it('signs in through the login page, then the session and GraphQL work with the cookie', async () => {
    const { user, organization } = await userWithAccount();
    const page = await openLoginPage(live.origin);
    expect(page.html).toContain('<title>Asset Portal</title>');
    // The web app's icon, so the browser does not ask for a /favicon.ico there is none of.
    expect(page.html).toContain('<link rel="icon" type="image/svg+xml" href="/favicon.svg">');
    expect(page.html).toContain('<label for="username">Username</label>');
    expect(page.html).toContain('<label for="password">Password</label>');
    expect(page.html).toContain('<button type="submit">Sign in</button>');

    const done = await submitLoginForm(
      page.client,
      page.action,
      user.username.toUpperCase(),
      PASSWORD,
    );
    expect(done.location).toBe('/');
    expect(page.client.jar.get('ap_session')?.httpOnly).toBe(true);

    const session = await page.client.request('/auth/session');
    expect(session.status).toBe(200);
    expect(await session.json()).toEqual({
      user: {
        id: String(user.id),
        name: user.name,
        userType: 'Power User',
        username: user.username,
        email: user.email,
        phone: null,
        awsUserId: user.awsUserId,
        organization: { id: String(organization.id), name: organization.name },
      },
    });

    const result = await graphql(page.client, '{ organizations { id } }');
    expect(result.status).toBe(200);
    const body = (await result.json()) as { data?: { organizations: { id: string }[] } };
    expect(body.data?.organizations).toContainEqual({ id: String(organization.id) });

    const logs = await live.database.db
      .selectFrom('activityLogs')
      .selectAll()
      .where('userId', '=', user.id)
      .execute();
    expect(logs).toMatchObject([
      { activityType: 'UserLogin', status: 'Event', message: `${user.name} signed in` },
    ]);
  });

  it('shows an error for a wrong password and an unknown user', async () => {
    const { user } = await userWithAccount();
    const page = await openLoginPage(live.origin);
    const wrong = await submitLoginForm(
      page.client,
      page.action,
      user.username,
      'not the password',
    );
    expect(wrong.location).toBeNull();
    const html = await wrong.response.text();
    expect(html).toContain('Incorrect username or password.');
    expect(html).toContain(`value="${user.username}"`);
    const unknown = await submitLoginForm(page.client, parseForm(html).action, 'nobody', PASSWORD);
    expect(await unknown.response.text()).toContain('Incorrect username or password.');
    expect(page.client.jar.get('ap_session')).toBeUndefined();
  });

  it('refuses a login form posted without the interaction cookie', async () => {
    const { user } = await userWithAccount();
    const page = await openLoginPage(live.origin);
    const stranger = new HttpClient(live.origin);
    const posted = await stranger.postForm(page.action, {
      username: user.username,
      password: PASSWORD,
    });
    expect(posted.status).toBe(400);
    expect(posted.headers.get('location')).toBeNull();
  });

  it('sends a disabled user to /unauthorized without a session', async () => {
    const { user } = await userWithAccount({ enabled: false });
    const result = await signInThroughLoginPage(live.origin, user.username, PASSWORD);
    expect(result.location).toBe('/unauthorized');
    expect(result.sessionCookie).toBeNull();
    expect((await result.client.request('/auth/session')).status).toBe(401);
  });

  it('sends an account without a portal user to /unauthorized', async () => {
    await createLocalAccount(live.database.db, {
      username: 'orphan-account',
      email: 'orphan@example.com',
      password: PASSWORD,
    });
    const result = await signInThroughLoginPage(live.origin, 'orphan-account', PASSWORD);
    expect(result.location).toBe('/unauthorized');
    expect(result.sessionCookie).toBeNull();
  });

  it('sends the user to /unauthorized without a session when the user lookup fails', async () => {
    const { user } = await userWithAccount();
    // Through the provider up to the portal's callback, not into it.
    const page = await openLoginPage(live.origin);
    const posted = await page.client.postForm(page.action, {
      username: user.username,
      password: PASSWORD,
    });
    const { visited } = await page.client.follow(posted, page.action, (next) =>
      next.pathname.startsWith('/oidc/'),
    );
    const callback = new URL(visited.at(-1) as string);
    expect(callback.pathname).toBe('/login/oauth2/code/cognito');
    lookup.fail = true;
    let answer: Response;
    try {
      answer = await page.client.request(callback.pathname + callback.search);
    } finally {
      lookup.fail = false;
    }
    expect(answer.status).toBe(302);
    expect(answer.headers.get('location')).toBe('/unauthorized');
    expect(page.client.jar.get('ap_session')).toBeUndefined();
    expect((await page.client.request('/auth/session')).status).toBe(401);
  });

  it('locks out a user disabled after signing in on the next request', async () => {
    const { user } = await userWithAccount();
    const { client } = await signInThroughLoginPage(live.origin, user.username, PASSWORD);
    expect((await graphql(client, '{ organizations { id } }')).status).toBe(200);
    await live.database.db
      .updateTable('users')
      .set({ enabled: false })
      .where('id', '=', user.id)
      .execute();
    const after = await graphql(client, '{ organizations { id } }');
    expect(after.status).toBe(401);
    expect(((await after.json()) as { data?: unknown }).data).toBeUndefined();
  });

  it('keeps the redirect path and refuses redirects to other sites', async () => {
    const { user } = await userWithAccount();
    const kept = await signInThroughLoginPage(live.origin, user.username, PASSWORD, {
      redirect: '/projects?tab=2',
    });
    expect(kept.location).toBe('/projects?tab=2');
    for (const evil of ['//evil.example', 'https://evil.example/x', '/\\evil.example', 'evil']) {
      const result = await signInThroughLoginPage(live.origin, user.username, PASSWORD, {
        redirect: evil,
      });
      expect(result.location).toBe('/');
    }
  });

  it('answers 401 on /auth/session without a session', async () => {
    const response = await new HttpClient(live.origin).request('/auth/session');
    expect(response.status).toBe(401);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toEqual({ error: 'unauthorized' });
  });

  it('logs an OAuth error on the callback and goes to /unauthorized', async () => {
    const client = new HttpClient(live.origin);
    const response = await client.request(
      '/login/oauth2/code/cognito?error=access_denied&error_description=nope',
    );
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/unauthorized');
  });

  it('refuses a callback whose state does not match', async () => {
    const client = new HttpClient(live.origin);
    await client.request('/login');
    const response = await client.request('/login/oauth2/code/cognito?code=abc&state=forged');
    expect(response.headers.get('location')).toBe('/unauthorized');
    expect(client.jar.get('ap_session')).toBeUndefined();
  });

  it('signs out: the session ends and the provider session is closed without a confirmation click', async () => {
    const { user } = await userWithAccount();
    const { client } = await signInThroughLoginPage(live.origin, user.username, PASSWORD);
    const logout = await client.request('/auth/logout', { method: 'POST' });
    expect(logout.status).toBe(302);
    const endSession = new URL(logout.headers.get('location') as string);
    expect(endSession.pathname).toBe('/oidc/session/end');
    expect(endSession.searchParams.get('post_logout_redirect_uri')).toBe(
      `${live.origin}/logout?signedOut=1`,
    );
    expect(client.jar.get('ap_session')).toBeUndefined();
    expect((await client.request('/auth/session')).status).toBe(401);

    // What the browser does: load the page, whose script submits its form.
    const page = await client.request(endSession.toString());
    const html = await page.text();
    expect(html).toContain("document.getElementById('op.logoutForm').submit()");
    const form = parseForm(html);
    const confirmed = await client.postForm(form.action, form.fields);
    const { visited } = await client.follow(confirmed, form.action, (next) =>
      next.pathname.startsWith('/oidc/'),
    );
    expect(visited.at(-1)).toBe(`${live.origin}/logout?signedOut=1`);

    // The provider session is gone: a new /login shows the login page again.
    const again = await openLoginPage(live.origin, undefined, client);
    expect(again.html).toContain('Sign in');
  });

  it('sends a browser without a session from /auth/logout straight to the signed-out page', async () => {
    const response = await new HttpClient(live.origin).request('/auth/logout', {
      method: 'POST',
    });
    expect(response.headers.get('location')).toBe('/logout?signedOut=1');
  });

  it('signs out only on a POST from the portal itself, not on a link or another site', async () => {
    const { user } = await userWithAccount();
    const { client } = await signInThroughLoginPage(live.origin, user.username, PASSWORD);
    const link = await client.request('/auth/logout');
    expect(link.status).toBe(404);
    const foreign = await client.request('/auth/logout', {
      method: 'POST',
      headers: { origin: 'https://evil.example' },
    });
    expect(foreign.status).toBe(403);
    expect((await client.request('/auth/session')).status).toBe(200);
    const own = await client.request('/auth/logout', {
      method: 'POST',
      headers: { origin: live.origin },
    });
    expect(own.status).toBe(302);
    expect((await client.request('/auth/session')).status).toBe(401);
  });
});
