import { generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../../test/databases.ts';
import { factories } from '../../../test/factories.ts';
import { HttpClient } from '../../../test/http-client.ts';
import { type LiveApp, startLiveApp } from '../../../test/live-app.ts';
import { signInThroughLoginPage } from '../../../test/sign-in.ts';
import { createLocalAccount } from '../accounts/local-accounts.ts';
import { loadProviderKeys } from './signing-keys.ts';

const PASSWORD = 'correct horse battery';

describe.each(DATABASE_KINDS)('bearer access tokens on %s', (kind) => {
  let live: LiveApp;
  beforeAll(async () => {
    live = await startLiveApp(kind);
  });
  afterAll(async () => live?.close());

  async function signedInUser() {
    const db = live.database.db;
    const organization = await factories.organization(db);
    const user = await factories.user(db, organization.id, 'Admin');
    const subject = user.awsUserId as string;
    await createLocalAccount(db, {
      subject,
      username: user.username,
      email: user.email,
      password: PASSWORD,
    });
    const result = await signInThroughLoginPage(live.origin, user.username, PASSWORD);
    const session = await db
      .selectFrom('webSessions')
      .selectAll()
      .where('subject', '=', subject)
      .executeTakeFirstOrThrow();
    return { user, subject, result, session };
  }

  const graphqlWithToken = async (token: string) => {
    const response = await new HttpClient(live.origin).request('/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ query: '{ organizations { id } }' }),
    });
    const body = (await response.json()) as { data?: unknown };
    return { status: response.status, data: body.data };
  };

  async function signWithProviderKey(
    claims: Record<string, unknown>,
    options: { expiresAt?: number } = {},
  ) {
    const key = loadProviderKeys(live.config.dataDir).signing.keys[0];
    if (!key) throw new Error('no signing key');
    const { importJWK } = await import('jose');
    const privateKey = await importJWK(key, 'RS256');
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', typ: 'at+jwt', kid: key.kid as string })
      .setIssuer(`${live.origin}/oidc`)
      .setIssuedAt(now - 60)
      .setExpirationTime(options.expiresAt ?? now + 600)
      .sign(privateKey);
  }

  it('accepts the JWT access token from the sign-in flow without a cookie', async () => {
    const { session, subject } = await signedInUser();
    const token = session.accessToken as string;
    expect(token.split('.')).toHaveLength(3);
    const [, payload] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload as string, 'base64url').toString());
    expect(claims).toMatchObject({
      sub: subject,
      aud: `${live.origin}/graphql`,
      iss: `${live.origin}/oidc`,
    });
    const result = await graphqlWithToken(token);
    expect(result.status).toBe(200);
    expect(result.data).toBeDefined();
  });

  it('rejects the ID token used as an access token', async () => {
    const { session } = await signedInUser();
    expect(await graphqlWithToken(session.idToken as string)).toEqual({
      status: 401,
      data: undefined,
    });
  });

  it('rejects forged, expired and wrong-audience tokens', async () => {
    const { subject } = await signedInUser();
    const valid = await signWithProviderKey({ sub: subject, aud: `${live.origin}/graphql` });
    expect((await graphqlWithToken(valid)).status).toBe(200);

    const { privateKey } = await generateKeyPair('RS256');
    const forged = await new SignJWT({ sub: subject, aud: `${live.origin}/graphql` })
      .setProtectedHeader({ alg: 'RS256', typ: 'at+jwt' })
      .setIssuer(`${live.origin}/oidc`)
      .setExpirationTime('10m')
      .sign(privateKey);
    const expired = await signWithProviderKey(
      { sub: subject, aud: `${live.origin}/graphql` },
      { expiresAt: Math.floor(Date.now() / 1000) - 120 },
    );
    const wrongAudience = await signWithProviderKey({
      sub: subject,
      aud: 'https://elsewhere.example/api',
    });
    for (const token of [forged, expired, wrongAudience, 'not-a-jwt']) {
      expect(await graphqlWithToken(token)).toEqual({ status: 401, data: undefined });
    }
  });

  it('rejects the token of a deleted user', async () => {
    const { session, subject, user } = await signedInUser();
    await live.identity.accounts.deleteAccount(subject);
    await live.database.db.deleteFrom('users').where('id', '=', user.id).execute();
    expect(await graphqlWithToken(session.accessToken as string)).toEqual({
      status: 401,
      data: undefined,
    });
  });

  it('ends every session of a subject', async () => {
    const { result, subject } = await signedInUser();
    expect((await result.client.request('/auth/session')).status).toBe(200);
    await live.identity.accounts.endSessions(subject);
    expect((await result.client.request('/auth/session')).status).toBe(401);
    const providerRows = await live.database.db
      .selectFrom('oidcPayloads')
      .select('model')
      .where(
        (eb) => eb.fn('jsonb_extract_path_text', [eb.ref('payload'), eb.val('accountId')]),
        '=',
        subject,
      )
      .execute();
    expect(providerRows).toEqual([]);
  });
});
