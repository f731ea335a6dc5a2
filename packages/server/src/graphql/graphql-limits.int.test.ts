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

  describe('the request guard', () => {
    const post = async (
      payload: string,
      headers: Record<string, string> = { 'content-type': 'application/json' },
    ) => {
      const org = await factories.organization(api.database.db);
      const user = await factories.user(api.database.db, org.id, 'Admin');
      const started = performance.now();
      const response = await api.app.inject({
        method: 'POST',
        url: '/graphql',
        headers: { ...headers, cookie: await api.cookieFor(user) },
        payload,
      });
      return { response, ms: performance.now() - started, org };
    };

    it('answers a query that is not a string with 400, not a server error', async () => {
      const { response } = await post('{"query":123}');
      expect(response.statusCode).toBe(400);
      expect(response.json().errors[0].message).toBe('query must be a string');
    });

    it('answers over-deep variables with 400 before any resolver runs', async () => {
      const spy = vi.spyOn(organizationService, 'list');
      let deep: unknown = 1;
      for (let i = 0; i < 200; i += 1) deep = { a: deep };
      const { response } = await post(
        JSON.stringify({ query: '{ organizations { id } }', variables: { deep } }),
      );
      expect(response.statusCode).toBe(400);
      expect(response.json().errors[0].message).toMatch(/nested deeper/);
      expect(spy).not.toHaveBeenCalled();
      spy.mockRestore();
    });

    it('rejects a document of 95,000 aliases quickly, on its size', async () => {
      const aliases = Array.from({ length: 95_000 }, (_, i) => `a${i}: __typename`).join(' ');
      const { response, ms } = await post(JSON.stringify({ query: `{ ${aliases} }` }));
      expect(response.statusCode).toBe(400);
      expect(response.json().errors[0].message).toMatch(/larger than/);
      // Generous for a loaded CI machine; the guard itself takes well under a millisecond.
      expect(ms).toBeLessThan(500);
    });

    it('refuses an oversized document on its bytes, wherever the query sits, after the site check', async () => {
      const aliases = Array.from({ length: 20_000 }, (_, i) => `a${i}: __typename`).join(' ');
      const variables = { text: '"query": "}'.repeat(10_000), list: [{ query: 'q' }] };
      const parse = vi.spyOn(JSON, 'parse');
      const after = await post(JSON.stringify({ variables, query: `{ ${aliases} }` }));
      const bodiesParsed = parse.mock.calls.filter(([text]) => String(text).length > 100_000);
      parse.mockRestore();
      expect(bodiesParsed).toEqual([]);
      expect(after.response.statusCode).toBe(400);
      expect(after.response.json()).toEqual({
        data: null,
        errors: [{ message: 'The document is larger than 100000 characters' }],
      });
      const otherSite = await post(JSON.stringify({ query: `{ ${aliases} }` }), {
        'content-type': 'application/json',
        origin: 'https://elsewhere.example',
      });
      expect(otherSite.response.statusCode).toBe(403);
      // Large variables beside a small document are for the resolvers to judge.
      const large = await post(
        JSON.stringify({ query: '{ __typename }', variables: { ...variables, query: aliases } }),
      );
      expect(large.response.statusCode).toBe(200);
      expect(large.response.json()).toEqual({ data: { __typename: 'Query' } });
    });

    it('rejects a small document of too many aliases', async () => {
      const aliases = Array.from({ length: 600 }, (_, i) => `a${i}:__typename`).join(' ');
      const { response } = await post(JSON.stringify({ query: `{${aliases}}` }));
      expect(response.statusCode).toBe(400);
      expect(response.json().errors[0].message).toMatch(/aliases/);
    });

    it('refuses form and text bodies, which a page of another site can send', async () => {
      const form = await post('query=%7B%20organizations%20%7B%20id%20%7D%20%7D', {
        'content-type': 'application/x-www-form-urlencoded',
      });
      expect(form.response.statusCode).toBe(415);
      expect(form.response.body).not.toContain(form.org.name);
      const text = await post('{"query":"{ organizations { id } }"}', {
        'content-type': 'text/plain',
      });
      expect(text.response.statusCode).toBe(415);
    });

    it('refuses a request whose Origin is another site, and accepts its own', async () => {
      const body = JSON.stringify({ query: '{ organizations { id } }' });
      const foreign = await post(body, {
        'content-type': 'application/json',
        origin: 'https://evil.example',
      });
      expect(foreign.response.statusCode).toBe(403);
      const own = await post(body, {
        'content-type': 'application/json',
        origin: 'http://localhost:80',
        host: 'localhost:80',
      });
      expect(own.response.statusCode).toBe(200);
    });
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
