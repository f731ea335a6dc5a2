import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../../test/databases.ts';
import { factories } from '../../../test/factories.ts';
import { HttpClient } from '../../../test/http-client.ts';
import { type LiveApp, startLiveApp } from '../../../test/live-app.ts';
import { signInThroughLoginPage } from '../../../test/sign-in.ts';
import { createLocalAccount } from '../accounts/local-accounts.ts';
import { webSessionRepository } from './web-session.repository.ts';

// A second portal plays the external issuer: its built-in provider is discovered like Cognito.
describe.each(DATABASE_KINDS)('external provider configuration on %s', (kind) => {
  let issuerApp: LiveApp;
  let portal: LiveApp;
  beforeAll(async () => {
    issuerApp = await startLiveApp(kind);
    portal = await startLiveApp(kind, {
      OIDC_ISSUER: `${issuerApp.origin}/oidc`,
      OIDC_CLIENT_ID: 'asset-portal',
      OIDC_CLIENT_SECRET: 'not-used-here',
      OIDC_LOGOUT_URL: `${issuerApp.origin}/logout-hosted`,
    });
  });
  afterAll(async () => {
    await portal?.close();
    await issuerApp?.close();
  });

  it('starts sign-in at the discovered authorization endpoint with PKCE', async () => {
    const response = await new HttpClient(portal.origin).request('/login?redirect=/users');
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get('location') as string);
    expect(`${location.origin}${location.pathname}`).toBe(`${issuerApp.origin}/oidc/auth`);
    expect(location.searchParams.get('client_id')).toBe('asset-portal');
    expect(location.searchParams.get('code_challenge_method')).toBe('S256');
    expect(location.searchParams.get('redirect_uri')).toBe(
      `${portal.origin}/login/oauth2/code/cognito`,
    );
    expect(location.searchParams.get('resource')).toBeNull();
  });

  it('accepts access tokens of the issuer for our client id and refuses invitations', async () => {
    const db = issuerApp.database.db;
    const organization = await factories.organization(db);
    const user = await factories.user(db, organization.id);
    const subject = user.awsUserId as string;
    await createLocalAccount(db, {
      subject,
      username: user.username,
      email: user.email,
      password: 'correct horse battery',
    });
    await signInThroughLoginPage(issuerApp.origin, user.username, 'correct horse battery');
    const { accessToken } = await db
      .selectFrom('webSessions')
      .select('accessToken')
      .where('subject', '=', subject)
      .executeTakeFirstOrThrow();

    const portalOrg = await factories.organization(portal.database.db);
    await portal.database.db
      .insertInto('users')
      .values({
        name: 'Linked',
        email: user.email,
        username: user.username,
        awsUserId: subject,
        organizationId: portalOrg.id,
      })
      .execute();
    const response = await new HttpClient(portal.origin).request('/auth/session', {
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(response.status).toBe(200);

    await expect(
      portal.identity.accounts.createAccount({ username: 'x', email: 'x@example.com', name: 'X' }),
    ).rejects.toThrow(`Inviting users through ${issuerApp.origin}/oidc is not configured`);
  });

  it('sends a signed-in user to the hosted sign-out page with Cognito parameters', async () => {
    const db = portal.database.db;
    const organization = await factories.organization(db);
    const user = await factories.user(db, organization.id);
    const client = new HttpClient(portal.origin);
    const sessionId = await webSessionRepository.create(db, {
      subject: user.awsUserId as string,
      ttlMs: 60_000,
    });
    const cookie = `ap_session=${portal.app.signCookie(sessionId)}`;
    const response = await client.request('/auth/logout', { method: 'POST', headers: { cookie } });
    const location = new URL(response.headers.get('location') as string);
    expect(`${location.origin}${location.pathname}`).toBe(`${issuerApp.origin}/logout-hosted`);
    expect(location.searchParams.get('client_id')).toBe('asset-portal');
    expect(location.searchParams.get('logout_uri')).toBe(`${portal.origin}/logout?signedOut=1`);
  });
});
