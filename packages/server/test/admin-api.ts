import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createApp } from '../src/app.ts';
import { loadConfig } from '../src/config/config.ts';
import type { UserRow } from '../src/db/schema.ts';
import type { AccountDirectory, NewAccount } from '../src/identity/account-directory.ts';
import { SESSION_COOKIE } from '../src/identity/session-cookie.ts';
import { sessionStore } from '../src/identity/session-store.ts';
import type { GraphqlResult, TestApi } from './api.ts';
import { createTestDatabase, type TestDatabase } from './databases.ts';

/** An in-memory account directory that records what the API asked of the identity provider. */
export interface FakeAccounts extends AccountDirectory {
  created: (NewAccount & { subject: string })[];
  endedSessions: string[];
  deleted: string[];
  /** When set, createAccount fails with this message. */
  failCreateWith: string | null;
  /** When set, the next account gets this subject (to provoke a conflict in the users table). */
  nextSubject: string | null;
}

export interface AdminTestApi extends TestApi {
  accounts: FakeAccounts;
}

function fakeAccounts(): FakeAccounts {
  const accounts: FakeAccounts = {
    created: [],
    endedSessions: [],
    deleted: [],
    failCreateWith: null,
    nextSubject: null,
    async createAccount(account) {
      if (accounts.failCreateWith) throw new Error(accounts.failCreateWith);
      const subject = accounts.nextSubject ?? `sub-${randomUUID()}`;
      accounts.nextSubject = null;
      accounts.created.push({ ...account, subject });
      return { subject, invitationUrl: `http://localhost/invite/${subject}` };
    },
    async endSessions(subject) {
      accounts.endedSessions.push(subject);
    },
    async deleteAccount(subject) {
      accounts.deleted.push(subject);
    },
  };
  return accounts;
}

/**
 * Like startTestApi, with the identity provider's account directory replaced by a recording
 * fake, so user administration is tested without a real provider.
 */
export async function startAdminTestApi(kind: TestDatabase['kind']): Promise<AdminTestApi> {
  const database = await createTestDatabase(kind);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ap-test-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SEED_DEMO_DATA: 'false',
    NODE_ENV: 'test',
  });
  const { app, identity } = await createApp({ config, db: database.db });
  const accounts = fakeAccounts();
  // The GraphQL context holds identity.accounts itself, so its methods are replaced in place.
  identity.accounts.createAccount = (account) => accounts.createAccount(account);
  identity.accounts.endSessions = (subject) => accounts.endSessions(subject);
  identity.accounts.deleteAccount = (subject) => accounts.deleteAccount(subject);
  await app.ready();
  const cookieFor = async (user: UserRow) => {
    const id = await sessionStore.create(database.db, {
      subject: user.awsUserId!,
      ttlMs: 3_600_000,
    });
    return `${SESSION_COOKIE}=${app.signCookie(id)}`;
  };
  return {
    app,
    database,
    cookieFor,
    accounts,
    async graphql<T>(user: UserRow | null, query: string, variables?: Record<string, unknown>) {
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (user) headers.cookie = await cookieFor(user);
      const response = await app.inject({
        method: 'POST',
        url: '/graphql',
        headers,
        payload: JSON.stringify({ query, variables }),
      });
      const body = response.json() as { data?: T; errors?: GraphqlResult['errors'] };
      return { status: response.statusCode, data: body.data, errors: body.errors };
    },
    async close() {
      await app.close();
      await database.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
