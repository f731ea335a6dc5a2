import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../../test/api.ts';
import { DATABASE_KINDS } from '../../../test/databases.ts';
import { factories } from '../../../test/factories.ts';

describe.each(DATABASE_KINDS)('organizations API on %s', (kind) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi(kind);
  });
  afterAll(async () => api?.close());

  it('lets an admin create an organization with devices, and refuses a device of another organization', async () => {
    const db = api.database.db;
    const home = await factories.organization(db);
    const admin = await factories.user(db, home.id, 'Admin');
    const free = await factories.device(db, null);
    const other = await factories.organization(db);
    const taken = await factories.device(db, other.id);

    const created = await api.graphql<{
      createOrganization: { name: string; devices: { id: string }[] };
    }>(
      admin,
      'mutation($n:String!,$d:[ID!]){ createOrganization(name:$n, deviceIds:$d){ name devices { id } } }',
      { n: 'Survey Co', d: [free.id] },
    );
    expect(created.errors).toBeUndefined();
    expect(created.data?.createOrganization).toEqual({
      name: 'Survey Co',
      devices: [{ id: free.id }],
    });

    const refused = await api.graphql(
      admin,
      'mutation($d:[ID!]){ createOrganization(name:"X", deviceIds:$d){ id } }',
      {
        d: [taken.id],
      },
    );
    expect(refused.errors?.[0]?.message).toBe(
      `Device ${taken.id} already belongs to another organization.`,
    );
    const stillThere = await db
      .selectFrom('organizations')
      .select('id')
      .where('name', '=', 'X')
      .execute();
    expect(stillThere).toHaveLength(0);
  });

  it("ends a released device's periods in the organization's projects, keeping its past", async () => {
    const db = api.database.db;
    const home = await factories.organization(db);
    const admin = await factories.user(db, home.id, 'Admin');
    const project = await factories.project(db, home.id);
    const leaving = await factories.device(db, home.id);
    const staying = await factories.device(db, home.id);
    const period = (deviceId: string, from: string, to: string | null) =>
      db
        .insertInto('deviceAssignments')
        .values({ deviceId, projectId: project.id, fromTimestamp: from, toTimestamp: to })
        .returning('id')
        .executeTakeFirstOrThrow();
    const past = await period(leaving.id, '2023-01-01T00:00:00Z', '2023-06-01T00:00:00Z');
    const current = await period(leaving.id, '2024-05-01T00:00:00Z', '2099-01-01T00:00:00Z');
    const future = await period(leaving.id, '2099-02-01T00:00:00Z', null);
    const kept = await period(staying.id, '2024-05-01T00:00:00Z', null);

    const before = Date.now();
    const updated = await api.graphql(
      admin,
      'mutation($id:ID!,$n:String!,$d:[ID!]){ updateOrganization(id:$id, name:$n, deviceIds:$d){ id } }',
      { id: String(home.id), n: home.name, d: [staying.id] },
    );
    expect(updated.errors).toBeUndefined();
    const rows = await db
      .selectFrom('deviceAssignments')
      .select(['id', 'fromTimestamp', 'toTimestamp'])
      .where('projectId', '=', project.id)
      .orderBy('id')
      .execute();
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(byId.get(past.id)?.toTimestamp?.toISOString()).toBe('2023-06-01T00:00:00.000Z');
    const ended = byId.get(current.id)?.toTimestamp?.getTime() ?? 0;
    expect(ended).toBeGreaterThanOrEqual(before - 1_000);
    expect(ended).toBeLessThanOrEqual(Date.now() + 1_000);
    expect(byId.has(future.id)).toBe(false);
    expect(byId.get(kept.id)?.toTimestamp).toBeNull();
    const device = await db
      .selectFrom('devices')
      .select('organizationId')
      .where('id', '=', leaving.id)
      .executeTakeFirstOrThrow();
    expect(device.organizationId).toBeNull();
  });

  it('refuses a name taken by another organization, case aside, and changes nothing', async () => {
    const db = api.database.db;
    const home = await factories.organization(db);
    const admin = await factories.user(db, home.id, 'Admin');
    const taken = await factories.organization(db);
    const create = (name: string) =>
      api.graphql(admin, 'mutation($n:String!){ createOrganization(name:$n){ id } }', { n: name });

    const refused = await create(taken.name.toUpperCase());
    expect(refused.errors?.[0]?.message).toBe(
      `An organization named '${taken.name}' already exists.`,
    );
    const renamed = await api.graphql(
      admin,
      'mutation($id:ID!,$n:String!){ updateOrganization(id:$id, name:$n){ id } }',
      { id: home.id, n: ` ${taken.name.toLowerCase()} ` },
    );
    expect(renamed.errors?.[0]?.message).toBe(
      `An organization named '${taken.name}' already exists.`,
    );
    const named = await db
      .selectFrom('organizations')
      .select('id')
      .where((eb) => eb(eb.fn('lower', ['name']), '=', taken.name.toLowerCase()))
      .execute();
    expect(named).toEqual([{ id: taken.id }]);
  });

  it('shows a standard user only their own organization and answers 401 without a session', async () => {
    const db = api.database.db;
    const mine = await factories.organization(db);
    await factories.organization(db);
    const user = await factories.user(db, mine.id, 'Standard');
    const result = await api.graphql<{ organizations: { id: string }[] }>(
      user,
      '{ organizations { id name } }',
    );
    expect(result.data?.organizations).toEqual([{ id: String(mine.id), name: mine.name }]);
    const anonymous = await api.graphql(null, '{ organizations { id } }');
    expect(anonymous.status).toBe(401);
    expect(anonymous.data).toBeUndefined();
  });

  describe('registerDevice', () => {
    const REGISTER = `mutation($id:String!,$n:String!,$o:ID!){
      registerDevice(id:$id,name:$n,organizationId:$o){ id name organization { id } } }`;

    it('registers a device to an organization, which then lists it; a duplicate id is refused by name', async () => {
      const db = api.database.db;
      const home = await factories.organization(db);
      const other = await factories.organization(db);
      const admin = await factories.user(db, home.id, 'Admin');
      const id = `LG-${Date.now().toString(36)}`;
      const registered = await api.graphql<{
        registerDevice: { id: string; name: string; organization: { id: string } };
      }>(admin, REGISTER, { id, n: ' North truck ', o: other.id });
      expect(registered.errors).toBeUndefined();
      expect(registered.data?.registerDevice).toEqual({
        id,
        name: 'North truck',
        organization: { id: String(other.id) },
      });
      const listed = await api.graphql<{
        organizations: { id: string; devices: { id: string }[] }[];
      }>(admin, '{ organizations { id devices { id } } }');
      const owner = listed.data?.organizations.find((o) => o.id === String(other.id));
      expect(owner?.devices).toEqual([{ id }]);

      const duplicate = await api.graphql(admin, REGISTER, { id, n: 'Again', o: home.id });
      expect(duplicate.errors?.[0]?.message).toBe(`Device ${id} is already registered`);
      const stored = await db.selectFrom('devices').selectAll().where('id', '=', id).execute();
      expect(stored).toMatchObject([{ name: 'North truck', organizationId: other.id }]);
    });

    it('takes only ids a package manifest may carry, a name, and an existing organization', async () => {
      const db = api.database.db;
      const home = await factories.organization(db);
      const admin = await factories.user(db, home.id, 'Admin');
      const refusals: [Record<string, unknown>, RegExp][] = [
        [{ id: '../evil', n: 'x', o: home.id }, /may hold only letters, digits/],
        [{ id: 'has space', n: 'x', o: home.id }, /may hold only letters, digits/],
        [{ id: '..', n: 'x', o: home.id }, /may hold only letters, digits/],
        [{ id: 'A'.repeat(65), n: 'x', o: home.id }, /longer than 64 characters/],
        [{ id: '   ', n: 'x', o: home.id }, /deviceId is missing/],
        [{ id: 'LG-OK-1', n: '  ', o: home.id }, /required/i],
        [{ id: 'LG-OK-1', n: 'x', o: 999_999_999 }, /^Not found$/],
      ];
      for (const [variables, message] of refusals) {
        const result = await api.graphql(admin, REGISTER, variables);
        expect(result.errors?.[0]?.message, JSON.stringify(variables)).toMatch(message);
      }
      const written = await db
        .selectFrom('devices')
        .select('id')
        .where('id', 'in', ['../evil', 'has space', '..', 'LG-OK-1'])
        .execute();
      expect(written).toEqual([]);
      const longest = 'A'.repeat(64);
      const ok = await api.graphql(admin, REGISTER, { id: longest, n: 'Long', o: home.id });
      expect(ok.errors).toBeUndefined();
    });

    it('is for Admins only', async () => {
      const db = api.database.db;
      const home = await factories.organization(db);
      for (const type of ['Power User', 'Standard'] as const) {
        const user = await factories.user(db, home.id, type);
        const result = await api.graphql(user, REGISTER, {
          id: `LG-${type[0]}`,
          n: 'x',
          o: home.id,
        });
        expect(result.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
      }
    });
  });
});
