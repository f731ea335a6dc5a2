import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../../test/databases.ts';
import { factories } from '../../../test/factories.ts';
import { HttpClient, parseForm } from '../../../test/http-client.ts';
import { type LiveApp, startLiveApp } from '../../../test/live-app.ts';
import { signInThroughLoginPage } from '../../../test/sign-in.ts';

describe.each(DATABASE_KINDS)('invitations on %s', (kind) => {
  let live: LiveApp;
  beforeAll(async () => {
    live = await startLiveApp(kind);
  });
  afterAll(async () => live?.close());

  it('sets a password once through the link, then the invitee signs in', async () => {
    const db = live.database.db;
    const organization = await factories.organization(db);
    const created = await live.identity.accounts.createAccount({
      username: 'new.person',
      email: 'new.person@example.com',
      name: 'New Person',
    });
    expect(created.invitationUrl).toMatch(
      new RegExp(`^${live.origin}/oidc/invitation/[\\w-]{40,}$`),
    );
    await db
      .insertInto('users')
      .values({
        name: 'New Person',
        email: 'new.person@example.com',
        username: 'new.person',
        awsUserId: created.subject,
        organizationId: organization.id,
      })
      .execute();
    const stored = await db.selectFrom('invitations').selectAll().executeTakeFirstOrThrow();
    expect(created.invitationUrl).not.toContain(stored.tokenHash);

    const client = new HttpClient(live.origin);
    const link = created.invitationUrl as string;
    const page = await client.request(link);
    const html = await page.text();
    expect(html).toContain('Set your password');
    const { action } = parseForm(html);

    const mismatch = await client.postForm(action, {
      password: 'long enough 1',
      confirm: 'long enough 2',
    });
    expect(await mismatch.text()).toContain('Passwords do not match.');
    const short = await client.postForm(action, { password: 'short', confirm: 'short' });
    expect(await short.text()).toContain('Password must be at least 10 characters.');
    await expect(signInThroughLoginPage(live.origin, 'new.person', 'short')).rejects.toThrow(
      'Incorrect username or password.',
    );

    const done = await client.postForm(action, {
      password: 'a good password',
      confirm: 'a good password',
    });
    expect(done.status).toBe(200);
    expect(await done.text()).toContain('href="/login"');

    const again = await client.request(link);
    expect(await again.text()).toContain('This invitation link is invalid or has expired.');
    const reuse = await client.postForm(action, {
      password: 'another password',
      confirm: 'another password',
    });
    expect(await reuse.text()).toContain('This invitation link is invalid or has expired.');

    const signedIn = await signInThroughLoginPage(live.origin, 'new.person', 'a good password');
    expect(signedIn.location).toBe('/');
    await expect(
      signInThroughLoginPage(live.origin, 'new.person', 'another password'),
    ).rejects.toThrow();
  });

  it('refuses an unknown or expired invitation link', async () => {
    const client = new HttpClient(live.origin);
    const unknown = await client.request('/oidc/invitation/not-a-real-token');
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain('This invitation link is invalid or has expired.');

    const created = await live.identity.accounts.createAccount({
      username: 'late.person',
      email: 'late@example.com',
      name: 'Late Person',
    });
    await live.database.db
      .updateTable('invitations')
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where('subject', '=', created.subject)
      .execute();
    const expired = await client.request(created.invitationUrl as string);
    expect(await expired.text()).toContain('This invitation link is invalid or has expired.');
  });

  it('refuses a second account with the same username', async () => {
    await live.identity.accounts.createAccount({
      username: 'twice',
      email: 't@example.com',
      name: 'T',
    });
    await expect(
      live.identity.accounts.createAccount({
        username: 'TWICE',
        email: 't2@example.com',
        name: 'T',
      }),
    ).rejects.toThrow('already exists');
  });
});
