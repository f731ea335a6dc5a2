import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApi, type TestApi } from '../../test/api.ts';
import { DATABASE_KINDS } from '../../test/databases.ts';
import { factories } from '../../test/factories.ts';
import { organizationService } from '../modules/organizations/organization.service.ts';

const deepQuery = `{ organizations { devices { organization { devices { organization { devices {
  organization { devices { organization { devices { id } } } } } } } } } } }`;

describe.each(DATABASE_KINDS)('GraphQL endpoint guards on %s', (kind) => {
  let api: TestApi;
  let production: TestApi;
  beforeAll(async () => {
    api = await startTestApi(kind);
    production = await startTestApi(kind, {
      NODE_ENV: 'production',
      SESSION_SECRET: 'x'.repeat(40),
    });
  });
  afterAll(async () => {
    await api?.close();
    await production?.close();
  });

  it('rejects an over-deep query before any resolver runs', async () => {
    const org = await factories.organization(api.database.db);
    const user = await factories.user(api.database.db, org.id, 'Admin');
    const spy = vi.spyOn(organizationService, 'list');
    const result = await api.graphql(user, deepQuery);
    expect(result.status).toBe(400);
    expect(result.errors?.[0]?.message).toMatch(/depth/i);
    expect(spy).not.toHaveBeenCalled();
    spy.mockRestore();
  });

  it('rejects an over-costly query before any resolver runs', async () => {
    const org = await factories.organization(api.database.db);
    const user = await factories.user(api.database.db, org.id, 'Admin');
    const spy = vi.spyOn(organizationService, 'list');
    const wide = `{ ${Array.from({ length: 400 }, (_, i) => `a${i}: organizations { id name devices { id name } buckets { id name } }`).join(' ')} }`;
    const result = await api.graphql(user, wide);
    expect(result.status).toBe(400);
    expect(result.errors?.[0]?.message).toMatch(/cost/i);
    expect(spy).not.toHaveBeenCalled();
    spy.mockRestore();
  });

  it('answers malformed JSON with 400 and no data', async () => {
    const org = await factories.organization(api.database.db);
    const user = await factories.user(api.database.db, org.id, 'Admin');
    const response = await api.app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { 'content-type': 'application/json', cookie: await api.cookieFor(user) },
      payload: '{"query": "{ organizations { id } }"',
    });
    expect(response.statusCode).toBe(400);
    expect(response.body).not.toContain(org.name);
  });

  it('turns introspection and field suggestions off in production only', async () => {
    const org = await factories.organization(production.database.db);
    const user = await factories.user(production.database.db, org.id, 'Admin');
    const introspection = await production.graphql(user, '{ __schema { types { name } } }');
    expect(introspection.status, JSON.stringify(introspection)).toBe(400);
    expect(introspection.data ?? null).toBeNull();
    const typo = await production.graphql(user, '{ organizatons { id } }');
    expect(typo.errors?.[0]?.message).not.toMatch(/Did you mean/);

    const devOrg = await factories.organization(api.database.db);
    const devUser = await factories.user(api.database.db, devOrg.id, 'Admin');
    const devIntrospection = await api.graphql<{ __schema: { types: unknown[] } }>(
      devUser,
      '{ __schema { types { name } } }',
    );
    expect(devIntrospection.data?.__schema.types.length).toBeGreaterThan(5);
  });

  it('hides internal errors behind a generic message', async () => {
    const org = await factories.organization(api.database.db);
    const user = await factories.user(api.database.db, org.id, 'Admin');
    const spy = vi
      .spyOn(organizationService, 'list')
      .mockRejectedValue(new Error('relation "secret_table" does not exist'));
    try {
      const result = await api.graphql(user, '{ organizations { id } }');
      expect(result.errors?.[0]?.message).toBe('Internal server error');
    } finally {
      spy.mockRestore();
    }
  });
});
