import { randomUUID } from 'node:crypto';
import type { AccountDirectory, NewAccount } from '../src/identity/accounts/account-directory.ts';
import { startTestApi, type TestApi } from './api.ts';
import type { TestDatabase } from './databases.ts';

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
  const api = await startTestApi(kind);
  const accounts = fakeAccounts();
  // The GraphQL context holds identity.accounts itself, so its methods are replaced in place.
  api.identity.accounts.createAccount = (account) => accounts.createAccount(account);
  api.identity.accounts.endSessions = (subject) => accounts.endSessions(subject);
  api.identity.accounts.deleteAccount = (subject) => accounts.deleteAccount(subject);
  return { ...api, accounts };
}
