import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type AdminTestApi, startAdminTestApi } from '../../../test/admin-api.ts';
import { DATABASE_KINDS } from '../../../test/databases.ts';
import { factories } from '../../../test/factories.ts';
import { buildWorld } from '../../../test/world.ts';
import { USER_MESSAGES } from './user.service.ts';

const USER_FIELDS =
  'id name userType email phone enabled awsUserId username invitationUrl organization { id name devices { id } projects { id } buckets { id } }';
const CREATE = `mutation($name:String, $email:String, $phone:String, $username:String, $org:ID) {
  createOrgUser(name:$name, email:$email, phone:$phone, username:$username, organizationId:$org) { ${USER_FIELDS} } }`;
const UPDATE = `mutation($id:ID!, $name:String, $enabled:Boolean!, $org:ID, $userType:String, $email:String, $phone:String) {
  updateOrgUser(id:$id, name:$name, enabled:$enabled, organizationId:$org, userType:$userType, email:$email, phone:$phone) { ${USER_FIELDS} } }`;
const DELETE = 'mutation($id:ID!){ deleteOrgUser(id:$id) }';

interface UserResult {
  id: string;
  name: string;
  userType: string;
  email: string;
  enabled: boolean;
  awsUserId: string;
  username: string;
  invitationUrl: string | null;
  organization: { id: string; name: string; devices: { id: string }[]; projects: { id: string }[] };
}

describe.each(DATABASE_KINDS)('users API on %s', (kind) => {
  let api: AdminTestApi;
  beforeAll(async () => {
    api = await startAdminTestApi(kind);
  });
  afterAll(async () => api?.close());
  beforeEach(() => {
    api.accounts.failCreateWith = null;
  });

  /** The Admin belongs to the vendor; our organization has a second Standard user to act on. */
  async function world() {
    const w = await buildWorld(api.database.db, { adminIn: 'vendor' });
    return { ...w, colleague: await factories.user(w.db, w.ours.id, 'Standard') };
  }

  const updateVars = (
    user: { id: number; name: string; email: string; organizationId: number },
    extra = {},
  ) => ({
    id: user.id,
    name: user.name,
    enabled: true,
    org: user.organizationId,
    userType: 'Standard',
    email: user.email,
    ...extra,
  });

  it('creates the account and the user, with the invitation link only in the create result', async () => {
    const { db, ours, power, project } = await world();
    const device = await factories.device(db, ours.id);
    const created = await api.graphql<{ createOrgUser: UserResult }>(power, CREATE, {
      name: 'Jane Doe',
      email: 'jane.doe@example.com',
      phone: '+1 604-555-0100',
      username: `jdoe${ours.id}`,
      org: ours.id,
    });
    expect(created.errors).toBeUndefined();
    const user = created.data!.createOrgUser;
    const account = api.accounts.created.at(-1)!;
    expect(account).toMatchObject({
      username: `jdoe${ours.id}`,
      email: 'jane.doe@example.com',
      name: 'Jane Doe',
    });
    expect(user).toMatchObject({
      userType: 'Standard',
      enabled: true,
      awsUserId: account.subject,
      invitationUrl: `http://localhost/invite/${account.subject}`,
      organization: {
        id: String(ours.id),
        devices: [{ id: device.id }],
        projects: [{ id: String(project.id) }],
      },
    });
    const read = await api.graphql<{ user: UserResult }>(
      power,
      `query($s:String!){ user(awsUserId:$s){ ${USER_FIELDS} } }`,
      {
        s: account.subject,
      },
    );
    expect(read.data?.user).toMatchObject({ id: user.id, invitationUrl: null });
  });

  it('validates fields with the spec messages and refuses a taken username or e-mail', async () => {
    const { ours, admin, colleague } = await world();
    const base = {
      name: 'Sam Lee',
      email: 'sam@example.com',
      username: `slee${ours.id}`,
      org: ours.id,
    };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...base, email: 'not-an-email' }, 'E-mail is not valid'],
      [{ ...base, phone: '12' }, 'Phone number is not valid'],
      [{ ...base, name: ' ' }, 'Value is required'],
      [{ ...base, username: undefined }, 'Value is required'],
      [{ ...base, email: '' }, 'Value is required'],
      [
        { ...base, username: colleague.username.toUpperCase() },
        USER_MESSAGES.usernameTaken(colleague.username.toUpperCase()),
      ],
      [{ ...base, email: colleague.email }, USER_MESSAGES.emailTaken(colleague.email)],
    ];
    const accountsBefore = api.accounts.created.length;
    for (const [variables, message] of cases) {
      const result = await api.graphql(admin, CREATE, variables);
      expect(result.errors?.[0]?.message, JSON.stringify(variables)).toBe(message);
    }
    expect(api.accounts.created.length).toBe(accountsBefore);
  });

  it('writes no user when the account fails, and deletes the account when the row cannot be written', async () => {
    const { db, ours, admin, colleague } = await world();
    api.accounts.failCreateWith = 'provider down';
    const failed = await api.graphql(admin, CREATE, {
      name: 'A B',
      email: 'ab@example.com',
      username: `ab${ours.id}`,
      org: ours.id,
    });
    expect(failed.errors?.[0]?.message).toBe(USER_MESSAGES.accountFailed);
    expect(
      await db.selectFrom('users').select('id').where('email', '=', 'ab@example.com').execute(),
    ).toHaveLength(0);
    api.accounts.failCreateWith = null;

    // The provider hands out a subject the users table already holds: the insert fails.
    api.accounts.nextSubject = colleague.awsUserId;
    const conflict = await api.graphql(admin, CREATE, {
      name: 'C D',
      email: 'cd@example.com',
      username: `cd${ours.id}`,
      org: ours.id,
    });
    expect(conflict.errors?.[0]?.message).toBe('Internal server error');
    expect(api.accounts.deleted).toContain(colleague.awsUserId);
    expect(
      await db.selectFrom('users').select('id').where('email', '=', 'cd@example.com').execute(),
    ).toHaveLength(0);
  });

  it('keeps power users in their own organization and denies standard users', async () => {
    const { other, power, standard, ours } = await world();
    const foreign = await api.graphql(power, CREATE, {
      name: 'X Y',
      email: 'xy@example.com',
      username: `xy${other.id}`,
      org: other.id,
    });
    expect(foreign.errors?.[0]?.message).toBe(USER_MESSAGES.ownOrganizationOnly);
    const denied = await api.graphql(standard, CREATE, {
      name: 'X Y',
      email: 'xy@example.com',
      username: `xy${ours.id}`,
      org: ours.id,
    });
    expect(denied.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });

  it('updates a user: e-mail is permanent, the Lux rule applies, power users cannot make Admins or move users', async () => {
    const { db, ours, other, vendor, admin, power, colleague } = await world();
    const renamed = await api.graphql<{ updateOrgUser: UserResult }>(
      power,
      UPDATE,
      updateVars(colleague, { name: 'New Name', userType: 'Power User', phone: '604.555.0199' }),
    );
    expect(renamed.errors).toBeUndefined();
    expect(renamed.data?.updateOrgUser).toMatchObject({
      name: 'New Name',
      userType: 'Power User',
      email: colleague.email,
    });

    const email = await api.graphql(
      power,
      UPDATE,
      updateVars(colleague, { email: 'other@example.com' }),
    );
    expect(email.errors?.[0]?.message).toBe(USER_MESSAGES.emailPermanent);
    const luxPower = await api.graphql(
      admin,
      UPDATE,
      updateVars(colleague, { org: vendor.id, userType: 'Power User' }),
    );
    expect(luxPower.errors?.[0]?.message).toBe(
      USER_MESSAGES.userTypeNotAvailable('Power User', vendor.name, ['Admin', 'Standard']),
    );
    const customerAdmin = await api.graphql(
      admin,
      UPDATE,
      updateVars(colleague, { userType: 'Admin' }),
    );
    expect(customerAdmin.errors?.[0]?.message).toBe(
      USER_MESSAGES.userTypeNotAvailable('Admin', ours.name, ['Standard', 'Power User']),
    );
    const powerAdmin = await api.graphql(
      power,
      UPDATE,
      updateVars(colleague, { userType: 'Admin' }),
    );
    expect(powerAdmin.errors?.[0]?.message).toBe(customerAdmin.errors?.[0]?.message);
    const moved = await api.graphql(power, UPDATE, updateVars(colleague, { org: other.id }));
    expect(moved.errors?.[0]?.message).toBe(USER_MESSAGES.ownOrganizationOnly);
    const unknownType = await api.graphql(
      admin,
      UPDATE,
      updateVars(colleague, { userType: 'Boss' }),
    );
    expect(unknownType.errors?.[0]?.message).toBe('Value is required');

    // An Admin moves the user into the vendor organization and makes them an Admin.
    const promoted = await api.graphql<{ updateOrgUser: UserResult }>(
      admin,
      UPDATE,
      updateVars(colleague, { org: vendor.id, userType: 'Admin' }),
    );
    expect(promoted.data?.updateOrgUser).toMatchObject({
      userType: 'Admin',
      organization: { id: String(vendor.id) },
    });
    // A power user who can no longer see them gets 'Not found'.
    const lost = await api.graphql(
      power,
      UPDATE,
      updateVars({ ...colleague, organizationId: ours.id }),
    );
    expect(lost.errors?.[0]?.message).toBe('Not found');
    const row = await db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', colleague.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ userType: 'Admin', organizationId: vendor.id });
  });

  it('ends the sessions of a user who is disabled, and refuses to disable yourself', async () => {
    const { power, colleague } = await world();
    const disabled = await api.graphql<{ updateOrgUser: UserResult }>(
      power,
      UPDATE,
      updateVars(colleague, { enabled: false }),
    );
    expect(disabled.data?.updateOrgUser.enabled).toBe(false);
    expect(api.accounts.endedSessions).toContain(colleague.awsUserId);
    const self = await api.graphql(
      power,
      UPDATE,
      updateVars(power, { enabled: false, userType: 'Power User' }),
    );
    expect(self.errors?.[0]?.message).toBe(USER_MESSAGES.cannotDisableSelf);
    // A disabled user can no longer call the API.
    const locked = await api.graphql(colleague, '{ orgUsers { id } }');
    expect(locked.status).toBe(401);
  });

  it('deletes a user with their account and sessions, but never yourself', async () => {
    const { db, power, colleague } = await world();
    const self = await api.graphql(power, DELETE, { id: power.id });
    expect(self.errors?.[0]?.message).toBe(USER_MESSAGES.cannotDeleteSelf);
    const deleted = await api.graphql(power, DELETE, { id: colleague.id });
    expect(deleted.data).toEqual({ deleteOrgUser: true });
    expect(api.accounts.deleted).toContain(colleague.awsUserId);
    expect(api.accounts.endedSessions).toContain(colleague.awsUserId);
    expect(
      await db.selectFrom('users').select('id').where('id', '=', colleague.id).execute(),
    ).toHaveLength(0);
  });

  it('scopes reads: Admin all, power user their organization, standard user only themselves', async () => {
    const { ours, other, admin, power, standard, colleague, outsider } = await world();
    const adminList = await api.graphql<{ orgUsers: { id: string }[] }>(
      admin,
      '{ orgUsers { id } }',
    );
    expect(adminList.data!.orgUsers.map((u) => u.id)).toEqual(
      expect.arrayContaining([String(outsider.id), String(colleague.id)]),
    );
    const ownList = await api.graphql<{ orgUsers: { id: string }[] }>(
      standard,
      '{ orgUsers { id } }',
    );
    expect(ownList.data!.orgUsers.map((u) => u.id).sort()).toEqual(
      [power.id, standard.id, colleague.id].map(String).sort(),
    );
    const byOrg = await api.graphql<{ orgUsersByOrgId: { id: string }[] }>(
      power,
      'query($o:ID!){ orgUsersByOrgId(orgId:$o){ id } }',
      { o: ours.id },
    );
    expect(byOrg.data!.orgUsersByOrgId).toHaveLength(3);
    const foreignOrg = await api.graphql(
      power,
      'query($o:ID!){ orgUsersByOrgId(orgId:$o){ id } }',
      { o: other.id },
    );
    const missingOrg = await api.graphql(
      power,
      'query($o:ID!){ orgUsersByOrgId(orgId:$o){ id } }',
      { o: 999999 },
    );
    expect(foreignOrg.errors?.[0]?.message).toBe('Not found');
    expect(foreignOrg.errors).toEqual(missingOrg.errors);

    const read = (caller: typeof admin, subject: string, op = 'user') =>
      api.graphql<Record<string, { id: string } | null>>(
        caller,
        `query($s:String!){ ${op}(awsUserId:$s){ id } }`,
        { s: subject },
      );
    expect(
      (await read(standard, standard.awsUserId!, 'getOrgUserContext')).data?.getOrgUserContext?.id,
    ).toBe(String(standard.id));
    expect((await read(power, colleague.awsUserId!)).data?.user?.id).toBe(String(colleague.id));
    expect((await read(admin, outsider.awsUserId!)).data?.user?.id).toBe(String(outsider.id));
    for (const [caller, subject] of [
      [standard, colleague.awsUserId!],
      [power, outsider.awsUserId!],
      [power, 'no-such-subject'],
    ] as const) {
      const result = await read(caller, subject);
      expect(result.errors?.[0]?.message).toBe('Not found');
    }
  });

  it('shows a Standard user colleagues by name only: no e-mail, phone, username or subject', async () => {
    const { power, standard, colleague } = await world();
    type Listed = { id: string; name: string; email: string | null; phone: string | null };
    const fields = '{ orgUsers { id name email phone username awsUserId } }';
    const asStandard = await api.graphql<{ orgUsers: (Listed & Record<string, unknown>)[] }>(
      standard,
      fields,
    );
    const seen = new Map(asStandard.data!.orgUsers.map((u) => [u.id, u]));
    expect(seen.get(String(colleague.id))).toEqual({
      id: String(colleague.id),
      name: colleague.name,
      email: null,
      phone: null,
      username: null,
      awsUserId: null,
    });
    expect(seen.get(String(standard.id))?.email).toBe(standard.email);
    expect(seen.get(String(standard.id))?.awsUserId).toBe(standard.awsUserId);
    const asPower = await api.graphql<{ orgUsers: (Listed & Record<string, unknown>)[] }>(
      power,
      fields,
    );
    const byPower = asPower.data!.orgUsers.find((u) => u.id === String(colleague.id));
    expect(byPower?.email).toBe(colleague.email);
    expect(byPower?.awsUserId).toBe(colleague.awsUserId);
  });

  it('answers a power user acting on another organization’s user like a missing user, and leaves the row unchanged', async () => {
    const { db, power, outsider } = await world();
    const pairs: [string, Record<string, unknown>, Record<string, unknown>][] = [
      [
        UPDATE,
        updateVars(outsider, { name: 'Hijacked' }),
        updateVars({ ...outsider, id: 999999 }, { name: 'Hijacked' }),
      ],
      [DELETE, { id: outsider.id }, { id: 999999 }],
    ];
    for (const [document, foreign, missing] of pairs) {
      const a = await api.graphql(power, document, foreign);
      const b = await api.graphql(power, document, missing);
      expect(a.errors?.[0]?.message).toBe('Not found');
      expect(a.errors).toEqual(b.errors);
    }
    const row = await db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', outsider.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual(outsider);
    expect(api.accounts.deleted).not.toContain(outsider.awsUserId);
  });
});
