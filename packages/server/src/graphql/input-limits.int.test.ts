import { TEXT_HAS_NUL, TEXT_LIMITS, TEXT_NOT_UNICODE, TEXT_TOO_LONG } from '@asset-portal/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../test/api.ts';
import { DATABASE_KINDS } from '../../test/databases.ts';
import { factories } from '../../test/factories.ts';

// Inputs the GraphQL fuzz test found crashing, and the stored-text limits: each is refused as a
// user error before anything is written.

const CREATE_PROJECT = `mutation($name: String!, $organizationId: ID) {
  createProject(name: $name, organizationId: $organizationId, utm: "10N") { id name }
}`;

describe.each(DATABASE_KINDS)('input limits on %s', (kind) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi(kind);
  });
  afterAll(async () => api?.close());

  const admin = async () => {
    const org = await factories.organization(api.database.db);
    return { org, user: await factories.user(api.database.db, org.id, 'Admin') };
  };
  const projectsNamed = (organizationId: number) =>
    api.database.db
      .selectFrom('projects')
      .select('name')
      .where('organizationId', '=', organizationId)
      .execute();

  it('refuses a project name over the limit and stores nothing', async () => {
    const { org, user } = await admin();
    const tooLong = 'n'.repeat(TEXT_LIMITS.name + 1);
    const refused = await api.graphql(user, CREATE_PROJECT, {
      name: tooLong,
      organizationId: org.id,
    });
    expect(refused.errors?.[0]).toMatchObject({
      message: TEXT_TOO_LONG(TEXT_LIMITS.name),
      extensions: { code: 'BAD_USER_INPUT' },
    });
    expect(await projectsNamed(org.id)).toEqual([]);

    const atLimit = 'n'.repeat(TEXT_LIMITS.name);
    const accepted = await api.graphql(user, CREATE_PROJECT, {
      name: atLimit,
      organizationId: org.id,
    });
    expect(accepted.errors).toBeUndefined();
    expect(await projectsNamed(org.id)).toEqual([{ name: atLimit }]);
  });

  it('refuses a megabyte scan name or annotation title without storing it', async () => {
    const { org, user } = await admin();
    const project = await factories.project(api.database.db, org.id);
    const name = 'x'.repeat(1024 * 1024);
    const scan = await api.graphql(
      user,
      `mutation($projectId: ID!, $name: String!) {
        createImportedScan(friendlyName: $name, projectId: $projectId, metadata: {}) { id }
      }`,
      { projectId: project.id, name },
    );
    expect(scan.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    const annotation = await api.graphql(
      user,
      `mutation($title: String!) {
        createAnnotation(scanId: "S1", title: $title, point: {type: "Point", coordinates: [1, 2]}) { id }
      }`,
      { title: name },
    );
    expect(annotation.errors?.[0]).toMatchObject({
      message: TEXT_TOO_LONG(TEXT_LIMITS.name),
      extensions: { code: 'BAD_USER_INPUT' },
    });
    const stored = await api.database.db
      .selectFrom('scans')
      .select('id')
      .where('projectId', '=', project.id)
      .execute();
    expect(stored).toEqual([]);
  });

  it('refuses text holding a NUL character as a user error', async () => {
    const { org, user } = await admin();
    const result = await api.graphql(user, CREATE_PROJECT, {
      name: 'a\u0000b',
      organizationId: org.id,
    });
    expect(result.errors?.[0]).toMatchObject({
      message: TEXT_HAS_NUL,
      extensions: { code: 'BAD_USER_INPUT' },
    });
    const lookup = await api.graphql(user, '{ scan(id: "a\\u0000") { id } }');
    expect(lookup.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(await projectsNamed(org.id)).toEqual([]);
  });

  it('refuses JSON holding a lone surrogate, which jsonb cannot store', async () => {
    const { user } = await admin();
    const result = await api.graphql(
      user,
      `mutation($payload: JSON) {
        createActivityLogEvent(activityType: "Fuzz", message: "m", payload: $payload) { id }
      }`,
      { payload: [{ note: '\ud800' }] },
    );
    expect(result.errors?.[0]).toMatchObject({
      message: TEXT_NOT_UNICODE,
      extensions: { code: 'BAD_USER_INPUT' },
    });
  });

  it('refuses a timestamp that is not one as a user error', async () => {
    const { org, user } = await admin();
    const project = await factories.project(api.database.db, org.id);
    const device = await factories.device(api.database.db, org.id);
    for (const from of ['yesterday', '', '-200000-01-01T00:00:00Z']) {
      const result = await api.graphql(
        user,
        `mutation($d: ID!, $p: ID!, $f: DateTime!) {
          createDeviceAssignment(deviceId: $d, projectId: $p, from: $f) { id }
        }`,
        { d: device.id, p: project.id, f: from },
      );
      expect(result.status, from).toBeLessThan(500);
      expect(result.errors?.[0]?.message, from).toMatch(/DateTime/);
      expect(result.errors?.[0]?.extensions?.code, from).toBe('BAD_USER_INPUT');
    }
  });
});
