import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../../../test/databases.ts';
import { redeemInvitation } from '../../identity/accounts/invitations.ts';
import { LocalAccountDirectory } from '../../identity/accounts/local-account-directory.ts';
import { checkPassword } from '../../identity/accounts/local-accounts.ts';
import { createFirstAdmin, FirstAdminError } from './first-admin.ts';

const PUBLIC_URL = 'https://portal.example.com';
const ADMIN = {
  organization: 'LuxGear Systems',
  username: 'firstadmin',
  email: 'first.admin@example.com',
  name: 'First Admin',
};

async function counts(db: TestDatabase['db']) {
  const [users, organizations, accounts] = await Promise.all(
    (['users', 'organizations', 'localAccounts'] as const).map((table) =>
      db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
        .then((row) => Number(row.n)),
    ),
  );
  return { users, organizations, accounts };
}

describe.each(DATABASE_KINDS)('the first administrator (%s)', (kind) => {
  let test: TestDatabase;
  const builtin = (trx: TestDatabase['db']) => new LocalAccountDirectory(trx, PUBLIC_URL);

  beforeAll(async () => {
    test = await createTestDatabase(kind);
  });
  afterAll(() => test.drop());

  it('refuses an organization outside the vendor and changes nothing', async () => {
    await expect(
      createFirstAdmin(test.db, builtin, { ...ADMIN, organization: 'Acme Surveying' }),
    ).rejects.toThrow("Administrators belong to the vendor's organization");
    await expect(createFirstAdmin(test.db, builtin, { ...ADMIN, email: 'nope' })).rejects.toThrow(
      "'nope' is not an e-mail address",
    );
    // Looser shapes the Users page refuses would make every later edit of the user fail.
    await expect(createFirstAdmin(test.db, builtin, { ...ADMIN, email: 'a@b.c' })).rejects.toThrow(
      "'a@b.c' is not an e-mail address",
    );
    expect(await counts(test.db)).toEqual({ users: 0, organizations: 0, accounts: 0 });
  });

  it('creates the organization, the Admin user and an invitation that sets the password', async () => {
    const result = await createFirstAdmin(test.db, builtin, ADMIN);
    expect(result.organizationCreated).toBe(true);
    expect(result.invitationUrl).toMatch(/^https:\/\/portal\.example\.com\/oidc\/invitation\/.+/);
    const user = await test.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', result.userId)
      .executeTakeFirstOrThrow();
    expect(user).toMatchObject({
      username: ADMIN.username,
      userType: 'Admin',
      enabled: true,
      organizationId: result.organizationId,
    });
    const token = result.invitationUrl!.split('/').pop()!;
    const redeemed = await redeemInvitation(test.db, token, 'a-long-password', 'a-long-password');
    expect(redeemed).toEqual({ ok: true, username: ADMIN.username });
    expect(await checkPassword(test.db, ADMIN.username, 'a-long-password')).toBe(user.awsUserId);
  });

  it('is refused once an administrator exists, and changes nothing', async () => {
    const before = await counts(test.db);
    await expect(
      createFirstAdmin(test.db, builtin, {
        ...ADMIN,
        username: 'intruder',
        email: 'intruder@example.com',
      }),
    ).rejects.toThrow(
      new FirstAdminError(
        'An administrator already exists; further users are added on the Users page',
      ),
    );
    expect(await counts(test.db)).toEqual(before);
  });
});

describe('the first administrator with an external provider', () => {
  it('waits for the first sign-in to link the account (no local account, no link)', async () => {
    const test = await createTestDatabase('pglite');
    try {
      const result = await createFirstAdmin(test.db, null, ADMIN);
      expect(result.invitationUrl).toBeNull();
      const user = await test.db
        .selectFrom('users')
        .selectAll()
        .where('id', '=', result.userId)
        .executeTakeFirstOrThrow();
      expect(user.awsUserId).toBeNull();
      expect((await counts(test.db)).accounts).toBe(0);
    } finally {
      await test.drop();
    }
  });
});
