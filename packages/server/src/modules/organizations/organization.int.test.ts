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
});
