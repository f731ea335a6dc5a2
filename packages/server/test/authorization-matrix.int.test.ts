import { USER_TYPES, type UserType } from '@asset-portal/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allOperations } from '../src/graphql/schema.ts';
import { createObjectStorage } from '../src/storage/create-object-storage.ts';
import { startTestApi, type TestApi } from './api.ts';
import { AUTHORIZATION_CASES, type Outcome } from './authorization-cases.ts';
import { buildOrgFixture } from './authorization-world.ts';
import { DATABASE_KINDS } from './databases.ts';

// Every operation of the API, run as each user type against the caller's own organization and
// against another one. An operation without an entry here fails the first test.

describe('authorization matrix', () => {
  it('has an entry for every operation of the API', () => {
    const missing = allOperations()
      .map((o) => o.name)
      .filter((name) => !(name in AUTHORIZATION_CASES));
    expect(missing).toEqual([]);
  });
});

describe.each(DATABASE_KINDS)('authorization matrix on %s', (kind) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi(kind);
  });
  afterAll(async () => api?.close());

  const rows = Object.entries(AUTHORIZATION_CASES).flatMap(([name, c]) =>
    USER_TYPES.flatMap((userType) =>
      (['own', 'other'] as const).map((target) => ({
        name,
        c,
        userType,
        target,
        expected: c.expect[userType][target],
      })),
    ),
  );

  it.each(rows)(
    '$name as $userType on $target organization: $expected',
    async ({ c, userType, target, expected }) => {
      const db = api.database.db;
      // The caller's organization is a vendor ('Lux…') organization, as real Admins are.
      const home = await buildOrgFixture(db, 'Lux Home');
      const other = await buildOrgFixture(db, 'Other');
      const aimed = target === 'own' ? home : other;
      const caller = home.users[userType as UserType];
      const storage = createObjectStorage(api.config);
      const variables = await c.variables?.({ db, home, other, aimed, caller, storage });
      const result = await api.graphql(caller, c.document, variables);
      expect(result.status, JSON.stringify(result.errors)).toBeLessThan(500);
      const outcome: Outcome = c.judge
        ? c.judge(result, aimed)
        : result.errors?.length
          ? 'deny'
          : 'allow';
      if (outcome === 'deny' && !c.judge) {
        const code = result.errors?.[0]?.extensions?.code;
        // A refusal must be an access refusal, not a crash or a validation slip.
        expect(['FORBIDDEN', 'NOT_FOUND'], JSON.stringify(result.errors)).toContain(code);
      }
      expect(outcome, JSON.stringify(result.errors ?? result.data)).toBe(expected);
    },
  );
});
