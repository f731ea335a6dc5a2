import { SESSION_PROJECT_SAME_ORGANIZATION } from '@asset-portal/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../../test/api.ts';
import { DATABASE_KINDS } from '../../../test/databases.ts';
import { scanFactories } from '../../../test/factories-scans.ts';
import { buildWorld } from '../../../test/world.ts';

const LIST = `query($o:ID){ unassignedScans(organizationId:$o){
  id sessionId deviceId friendlyName capturedTimestamp endCapturedTimestamp projectId } }`;
const ASSIGN = `mutation($s:String!,$p:ID!){
  assignSessionToProject(sessionId:$s,projectId:$p){ sessionId projectId scanCount } }`;

interface Listed {
  id: string;
  sessionId: string | null;
  deviceId: string | null;
  capturedTimestamp: string | null;
}

describe.each(DATABASE_KINDS)('unassigned scans on %s', (kind) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi(kind);
  });
  afterAll(async () => api?.close());

  /** Each organization's device has left a session that ingestion put in no project. */
  async function world() {
    const w = await buildWorld(api.database.db, { devices: true });
    const { db, ours, other, device, foreignDevice } = w;
    const session = await scanFactories.session(db, ours.id, { deviceId: device.id });
    const scans = [
      await scanFactories.scan(db, ours.id, { sessionId: session.id, deviceId: device.id }),
      await scanFactories.scan(db, ours.id, { sessionId: session.id, deviceId: device.id }),
    ];
    const foreignSession = await scanFactories.session(db, other.id, {
      deviceId: foreignDevice.id,
    });
    const foreignScan = await scanFactories.scan(db, other.id, {
      sessionId: foreignSession.id,
      deviceId: foreignDevice.id,
    });
    return { ...w, session, scans, foreignSession, foreignScan };
  }

  const ids = (result: { data?: { unassignedScans: Listed[] } | null }) =>
    (result.data?.unassignedScans ?? []).map((scan) => scan.id);

  it('lists the scans in no project with session, device and capture time, per organization', async () => {
    const { ours, other, admin, power, device, session, scans, foreignScan } = await world();
    const own = await api.graphql<{ unassignedScans: Listed[] }>(power, LIST, { o: ours.id });
    expect(own.errors).toBeUndefined();
    expect(ids(own).sort()).toEqual(scans.map((scan) => scan.id).sort());
    expect(own.data?.unassignedScans[0]).toMatchObject({
      sessionId: session.id,
      deviceId: device.id,
      projectId: null,
    });
    expect(own.data?.unassignedScans[0]?.capturedTimestamp).toMatch(/^2024-05-01T10:00/);
    // Without an organization, a Power User sees their own only; an Admin sees every one.
    const scoped = await api.graphql<{ unassignedScans: Listed[] }>(power, LIST, {});
    expect(ids(scoped)).not.toContain(foreignScan.id);
    expect(ids(scoped)).toEqual(expect.arrayContaining(scans.map((scan) => scan.id)));
    const everything = await api.graphql<{ unassignedScans: Listed[] }>(admin, LIST, {});
    expect(ids(everything)).toEqual(expect.arrayContaining([foreignScan.id, scans[0]!.id]));
    const adminOther = await api.graphql<{ unassignedScans: Listed[] }>(admin, LIST, {
      o: other.id,
    });
    expect(ids(adminOther)).toEqual([foreignScan.id]);

    const foreign = await api.graphql(power, LIST, { o: other.id });
    const missing = await api.graphql(power, LIST, { o: 999_999_999 });
    expect(foreign.errors?.[0]?.message).toBe('Not found');
    expect(foreign.errors).toEqual(missing.errors);
  });

  it('assigns a session and all its scans to a project; they leave the list', async () => {
    const { db, ours, power, session, scans, project } = await world();
    const result = await api.graphql<{
      assignSessionToProject: { sessionId: string; projectId: string; scanCount: number };
    }>(power, ASSIGN, { s: session.id, p: project.id });
    expect(result.errors).toBeUndefined();
    expect(result.data?.assignSessionToProject).toEqual({
      sessionId: session.id,
      projectId: String(project.id),
      scanCount: 2,
    });
    const stored = await db
      .selectFrom('scans')
      .select(['projectId', 'assignmentType'])
      .where('sessionId', '=', session.id)
      .execute();
    expect(stored).toEqual([
      { projectId: project.id, assignmentType: 'Manual' },
      { projectId: project.id, assignmentType: 'Manual' },
    ]);
    const storedSession = await db
      .selectFrom('sessions')
      .select(['projectId', 'assignmentType'])
      .where('id', '=', session.id)
      .executeTakeFirstOrThrow();
    expect(storedSession).toEqual({ projectId: project.id, assignmentType: 'Manual' });
    const listed = await api.graphql<{ unassignedScans: Listed[] }>(power, LIST, { o: ours.id });
    expect(ids(listed)).toEqual([]);
    // The project's scan list now shows them.
    const inProject = await api.graphql<{ scansSummary: { id: string }[] }>(
      power,
      'query($p:ID!){ scansSummary(projectId:$p){ id } }',
      { p: project.id },
    );
    expect(inProject.data?.scansSummary.map((scan) => scan.id).sort()).toEqual(
      scans.map((scan) => scan.id).sort(),
    );
  });

  it("refuses another organization's session or project as not found, and a project of another organization", async () => {
    const { db, admin, power, session, foreignSession, project, foreignProject } = await world();
    for (const variables of [
      { s: foreignSession.id, p: project.id },
      { s: session.id, p: foreignProject.id },
      { s: 'NO-SUCH-SESSION', p: project.id },
      { s: session.id, p: 999_999_999 },
    ]) {
      const result = await api.graphql(power, ASSIGN, variables);
      expect(result.errors?.[0]?.message, JSON.stringify(variables)).toBe('Not found');
    }
    const mixed = await api.graphql(admin, ASSIGN, { s: session.id, p: foreignProject.id });
    expect(mixed.errors?.[0]?.message).toBe(SESSION_PROJECT_SAME_ORGANIZATION);
    const blank = await api.graphql(power, ASSIGN, { s: '  ', p: project.id });
    expect(blank.errors?.length).toBeGreaterThan(0);
    const unchanged = await db
      .selectFrom('scans')
      .select('projectId')
      .where('sessionId', 'in', [session.id, foreignSession.id])
      .execute();
    expect(unchanged.map((row) => row.projectId)).toEqual([null, null, null]);
  });

  it('denies standard users both operations', async () => {
    const { ours, standard, session, project } = await world();
    for (const [query, variables] of [
      [LIST, { o: ours.id }],
      [ASSIGN, { s: session.id, p: project.id }],
    ] as const) {
      const result = await api.graphql(standard, query, variables);
      expect(result.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    }
  });
});
