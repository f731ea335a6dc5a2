import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../../test/api.ts';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../../../test/databases.ts';
import { buildWorld } from '../../../test/world.ts';
import { createApp } from '../../app.ts';
import { loadConfig } from '../../config/config.ts';
import type { UserRow } from '../../db/schema.ts';
import { SESSION_COOKIE } from '../../identity/bff/session-cookie.ts';
import { webSessionRepository } from '../../identity/bff/web-session.repository.ts';
import type { MailMessage, MailTransport } from '../../mail/mail-transport.ts';
import { INVITATION_SUBJECT } from './invitation.mail.ts';

const CREATE = `mutation($name:String, $email:String, $username:String, $org:ID) {
  createOrgUser(name:$name, email:$email, username:$username, organizationId:$org) {
    id username invitationUrl invitationDelivery } }`;

interface Created {
  createOrgUser: {
    id: string;
    username: string;
    invitationUrl: string | null;
    invitationDelivery: string | null;
  };
}

/** A transport that records messages, or fails, standing in for an SMTP server. */
function recordingSmtp(fail = false): MailTransport & { sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  return {
    kind: 'smtp',
    sent,
    async send(message) {
      if (fail) throw new Error('connect ECONNREFUSED');
      sent.push(message);
    },
    async close() {},
  };
}

/** The real app (built-in identity provider) with the given mail transport. */
async function startWithMail(database: TestDatabase, mail: MailTransport) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ap-test-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SEED_DEMO_DATA: 'false',
    NODE_ENV: 'test',
  });
  const { app } = await createApp({ config, db: database.db, mail });
  await app.ready();
  return {
    app,
    async close() {
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function graphqlAs<T>(
  app: FastifyInstance,
  db: TestDatabase['db'],
  user: UserRow,
  query: string,
  variables: Record<string, unknown>,
) {
  const id = await webSessionRepository.create(db, { subject: user.awsUserId!, ttlMs: 3_600_000 });
  const response = await app.inject({
    method: 'POST',
    url: '/graphql',
    headers: {
      'content-type': 'application/json',
      cookie: `${SESSION_COOKIE}=${app.signCookie(id)}`,
    },
    payload: JSON.stringify({ query, variables }),
  });
  return response.json() as { data?: T; errors?: { message: string }[] };
}

describe.each(DATABASE_KINDS)('user invitations by e-mail on %s', (kind) => {
  let api: TestApi;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ap-invite-'));
    api = await startTestApi(kind, { DATA_DIR: dataDir, PUBLIC_URL: 'http://portal.test' });
  });
  afterAll(async () => {
    await api?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** Admins belong to the vendor and invite users into our organization. */
  const world = () => buildWorld(api.database.db, { adminIn: 'vendor' });

  const outbox = () => path.join(dataDir, 'outbox');
  const outboxFiles = () => (fs.existsSync(outbox()) ? fs.readdirSync(outbox()) : []);

  it('writes exactly one .eml to the outbox with a working one-time link, and returns the link', async () => {
    const { ours, admin } = await world();
    const before = outboxFiles();
    const result = await api.graphql<Created>(admin, CREATE, {
      name: 'Jane Doe',
      email: `jane${ours.id}@example.com`,
      username: `jdoe${ours.id}`,
      org: ours.id,
    });
    expect(result.errors).toBeUndefined();
    const created = result.data!.createOrgUser;
    expect(created.invitationDelivery).toBe('OUTBOX');
    expect(created.invitationUrl).toMatch(/^http:\/\/portal\.test\/oidc\/invitation\/[\w-]+$/);

    const added = outboxFiles().filter((name) => !before.includes(name));
    expect(added).toHaveLength(1);
    expect(added[0]).toMatch(/\.eml$/);
    const eml = fs.readFileSync(path.join(outbox(), added[0]!), 'utf8');
    expect(eml).toContain(`To: jane${ours.id}@example.com`);
    expect(eml).toContain(`Subject: ${INVITATION_SUBJECT}`);
    expect(eml).toContain('From: Asset Portal <no-reply@asset-portal.local>');
    // Long lines may be soft-wrapped by the MIME encoding; compare the decoded body.
    const body = eml
      .split('\r\n\r\n')
      .slice(1)
      .join('\n')
      .replace(/=\r\n/g, '')
      .replace(/=3D/g, '=');
    expect(body).toContain(created.invitationUrl!);
    expect(body).toContain(`Your username is jdoe${ours.id}.`);
    expect(body).toMatch(/expires on \d{4}-\d\d-\d\d \d\d:\d\d UTC \(valid for 7 days\)/);

    const page = await api.app.inject({
      method: 'GET',
      url: new URL(created.invitationUrl!).pathname,
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Set your password');
    expect(page.body).toContain(`jdoe${ours.id}`);
  });

  it('sends nothing when the request is refused', async () => {
    const { ours, admin } = await world();
    const before = outboxFiles().length;
    const result = await api.graphql(admin, CREATE, {
      name: 'Bad Mail',
      email: 'not-an-email',
      username: `bad${ours.id}`,
      org: ours.id,
    });
    expect(result.errors?.[0]?.message).toBe('E-mail is not valid');
    expect(outboxFiles()).toHaveLength(before);
  });

  it('signs a disabled user out: their existing session is refused on the next request', async () => {
    const { db, ours, admin, standard: user } = await world();
    const cookie = await api.cookieFor(user);
    const call = (query: string, variables?: Record<string, unknown>, as = cookie) =>
      api.app.inject({
        method: 'POST',
        url: '/graphql',
        headers: { 'content-type': 'application/json', cookie: as },
        payload: JSON.stringify({ query, variables }),
      });
    expect((await call('{ orgUsers { id } }')).statusCode).toBe(200);
    const update = (enabled: boolean) =>
      call(
        `mutation($id:ID!, $name:String, $enabled:Boolean!, $org:ID, $email:String) {
          updateOrgUser(id:$id, name:$name, enabled:$enabled, organizationId:$org,
            userType:"Standard", email:$email) { enabled } }`,
        { id: user.id, name: user.name, enabled, org: ours.id, email: user.email },
        adminCookie,
      );
    const adminCookie = await api.cookieFor(admin);
    expect((await update(false)).json()).toEqual({ data: { updateOrgUser: { enabled: false } } });
    expect((await call('{ orgUsers { id } }')).statusCode).toBe(401);
    // The session itself was ended: enabling the user again does not revive the old cookie.
    expect((await update(true)).json()).toEqual({ data: { updateOrgUser: { enabled: true } } });
    expect((await call('{ orgUsers { id } }')).statusCode).toBe(401);
    expect(
      await db
        .selectFrom('webSessions')
        .select('id')
        .where('subject', '=', user.awsUserId!)
        .execute(),
    ).toHaveLength(0);
  });

  describe('with an SMTP server', () => {
    let database: TestDatabase;
    beforeAll(async () => {
      database = await createTestDatabase(kind);
    });
    afterAll(async () => database?.drop());

    const world = () => buildWorld(database.db, { adminIn: 'vendor' });

    it('e-mails the invitation and keeps the link out of the response', async () => {
      const smtp = recordingSmtp();
      const server = await startWithMail(database, smtp);
      try {
        const { ours, admin: caller } = await world();
        const result = await graphqlAs<Created>(server.app, database.db, caller, CREATE, {
          name: 'Sam Lee',
          email: `sam${ours.id}@example.com`,
          username: `slee${ours.id}`,
          org: ours.id,
        });
        expect(result.errors).toBeUndefined();
        expect(result.data?.createOrgUser).toMatchObject({
          invitationDelivery: 'EMAIL',
          invitationUrl: null,
        });
        expect(smtp.sent).toHaveLength(1);
        expect(smtp.sent[0]).toMatchObject({
          to: `sam${ours.id}@example.com`,
          subject: INVITATION_SUBJECT,
        });
        expect(smtp.sent[0]?.text).toMatch(/\/oidc\/invitation\/[\w-]+\n/);
        expect(smtp.sent[0]?.text).toContain(`${caller.name} has invited you to Asset Portal`);
      } finally {
        await server.close();
      }
    });

    it('keeps the user and hands the admin the link when the mail server fails', async () => {
      const server = await startWithMail(database, recordingSmtp(true));
      try {
        const { ours, admin: caller } = await world();
        const result = await graphqlAs<Created>(server.app, database.db, caller, CREATE, {
          name: 'Kim Park',
          email: `kim${ours.id}@example.com`,
          username: `kpark${ours.id}`,
          org: ours.id,
        });
        expect(result.errors).toBeUndefined();
        expect(result.data?.createOrgUser.invitationDelivery).toBe('FAILED');
        expect(result.data?.createOrgUser.invitationUrl).toMatch(/\/oidc\/invitation\//);
        const row = await database.db
          .selectFrom('users')
          .select('username')
          .where('email', '=', `kim${ours.id}@example.com`)
          .executeTakeFirst();
        expect(row?.username).toBe(`kpark${ours.id}`);
      } finally {
        await server.close();
      }
    });
  });
});
