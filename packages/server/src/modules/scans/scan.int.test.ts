import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../../test/api.ts';
import { DATABASE_KINDS } from '../../../test/databases.ts';
import { factories } from '../../../test/factories.ts';
import { scanFactories } from '../../../test/factories-scans.ts';
import { countQueries } from '../../../test/query-counter.ts';

const SUMMARY = `query($p: ID!) { scansSummary(projectId: $p) {
  id friendlyName sessionId assignmentType deviceId tags length metadata comment defaultVersion
  capturedTimestamp endCapturedTimestamp friendlyLocationName simplePath { type coordinates }
  projectId lastModified artifacts { id artifactType name url s3Url status } } }`;

const FULL_FIELDS = `id type session { id } device { id name } tags
  images { id frame X Y Z lat lon centerImage { s3Url jpegRotation } leftImage { s3Url } rightImage { s3Url } }
  artifacts { id artifactType status parameters }`;

describe.each(DATABASE_KINDS)('scans API on %s', (kind) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi(kind);
  });
  afterAll(async () => api?.close());

  async function projectWithScans(count: number) {
    const db = api.database.db;
    const org = await factories.organization(db);
    const project = await factories.project(db, org.id);
    const device = await factories.device(db, org.id);
    const session = await scanFactories.session(db, org.id, {
      projectId: project.id,
      deviceId: device.id,
    });
    const scans = [];
    for (let i = 0; i < count; i++) {
      const scan = await scanFactories.scan(db, org.id, {
        projectId: project.id,
        sessionId: session.id,
        deviceId: device.id,
        capturedTimestamp: new Date(Date.UTC(2024, 4, 1, 10, 0, i)),
      });
      await scanFactories.artifact(db, scan.id, { status: i % 2 ? 'final' : 'provisional' });
      await scanFactories.artifact(db, scan.id, { artifactType: 'center_cam', name: 'center' });
      await scanFactories.image(db, scan.id, 2);
      await scanFactories.image(db, scan.id, 1);
      scans.push(scan);
    }
    return { org, project, device, session, scans };
  }

  it('lists the summaries of a project with their artifacts, in capture order', async () => {
    const { org, project, session, device, scans } = await projectWithScans(3);
    const user = await factories.user(api.database.db, org.id, 'Standard');
    const result = await api.graphql<{ scansSummary: Record<string, unknown>[] }>(user, SUMMARY, {
      p: project.id,
    });
    expect(result.errors).toBeUndefined();
    const list = result.data!.scansSummary;
    expect(list.map((s) => s.id)).toEqual(scans.map((s) => s.id));
    expect(list[0]).toMatchObject({
      sessionId: session.id,
      deviceId: device.id,
      projectId: String(project.id),
      assignmentType: 'Device',
      tags: [],
      length: 120.5,
      defaultVersion: 'v1',
      friendlyLocationName: 'Test site',
      simplePath: { type: 'LineString' },
    });
    expect((list[0]!.simplePath as { coordinates: number[][] }).coordinates).toHaveLength(2);
    expect(list[0]!.artifacts).toEqual([
      expect.objectContaining({ artifactType: 'pointcloud', status: 'provisional' }),
      expect.objectContaining({ artifactType: 'center_cam', name: 'center' }),
    ]);
    expect(list[0]!.capturedTimestamp).toBe('2024-05-01T10:00:00.000Z');
  });

  // Needs the database's CamelCasePlugin to keep nested JSON keys (maintainNestedObjectKeys).
  it('returns JSON metadata with its keys as stored (spec: trajectory_orientation)', async () => {
    const { org, project } = await projectWithScans(1);
    const user = await factories.user(api.database.db, org.id, 'Standard');
    const result = await api.graphql<{ scansSummary: { metadata: unknown }[] }>(
      user,
      'query($p: ID!) { scansSummary(projectId: $p) { metadata } }',
      { p: project.id },
    );
    expect(result.data?.scansSummary[0]?.metadata).toEqual({ trajectory_orientation: 'forward' });
  });

  it("answers another organization's project exactly like a missing one; Admin sees any", async () => {
    const { project } = await projectWithScans(1);
    const db = api.database.db;
    const stranger = await factories.user(db, (await factories.organization(db)).id, 'Power User');
    const foreign = await api.graphql(stranger, SUMMARY, { p: project.id });
    const missing = await api.graphql(stranger, SUMMARY, { p: 999_999 });
    expect(foreign.errors?.[0]?.message).toBe('Not found');
    expect(foreign.errors).toEqual(missing.errors);
    expect(foreign.data).toEqual(missing.data);
    const forProject = await api.graphql(
      stranger,
      'query($p:ID!){ scansForProject(projectId:$p){ id } }',
      { p: project.id },
    );
    expect(forProject.errors?.[0]?.message).toBe('Not found');

    const admin = await factories.user(db, (await factories.organization(db)).id, 'Admin');
    const seen = await api.graphql<{ scansSummary: unknown[] }>(admin, SUMMARY, { p: project.id });
    expect(seen.data?.scansSummary).toHaveLength(1);
  });

  it('returns a full scan with session, device, images by frame and artifact parameters', async () => {
    const { org, session, device, scans } = await projectWithScans(1);
    const user = await factories.user(api.database.db, org.id, 'Standard');
    const result = await api.graphql<{ scan: Record<string, unknown> }>(
      user,
      `query($id: ID!) { scan(id: $id) { ${FULL_FIELDS} } }`,
      { id: scans[0]!.id },
    );
    expect(result.errors).toBeUndefined();
    const scan = result.data!.scan;
    expect(scan).toMatchObject({
      id: scans[0]!.id,
      type: 'mobile',
      session: { id: session.id },
      device: { id: device.id, name: device.name },
    });
    const images = scan.images as Record<string, unknown>[];
    expect(images.map((i) => i.frame)).toEqual([1, 2]);
    expect(images[0]).toMatchObject({
      X: 1,
      Y: 2,
      Z: 100,
      lon: -100,
      centerImage: { s3Url: `s3://b/${scans[0]!.id}/center/1.jpg`, jpegRotation: 90 },
      leftImage: { s3Url: `s3://b/${scans[0]!.id}/left/1.jpg` },
    });
    expect(scan.artifacts).toEqual([
      expect.objectContaining({ artifactType: 'pointcloud', parameters: { version: 1 } }),
      expect.objectContaining({ artifactType: 'center_cam' }),
    ]);
  });

  it("answers another organization's scan exactly like a missing one", async () => {
    const { scans } = await projectWithScans(1);
    const db = api.database.db;
    const stranger = await factories.user(db, (await factories.organization(db)).id, 'Admin');
    const outsider = await factories.user(db, (await factories.organization(db)).id, 'Standard');
    const query = 'query($id: ID!) { scan(id: $id) { id } }';
    const foreign = await api.graphql(outsider, query, { id: scans[0]!.id });
    const missing = await api.graphql(outsider, query, { id: 'NO-SUCH-SCAN' });
    expect(foreign.errors?.[0]?.message).toBe('Not found');
    expect(foreign.errors).toEqual(missing.errors);
    const admin = await api.graphql(stranger, query, { id: scans[0]!.id });
    expect(admin.errors).toBeUndefined();
  });

  it('lists unassigned scans for Admin and Power User, never to Standard', async () => {
    const db = api.database.db;
    const org = await factories.organization(db);
    const loose = await scanFactories.scan(db, org.id);
    await scanFactories.artifact(db, loose.id);
    const admin = await factories.user(db, org.id, 'Admin');
    const power = await factories.user(db, org.id, 'Power User');
    const query = '{ unassignedScans { id projectId artifacts { artifactType } } }';
    const listed = await api.graphql<{ unassignedScans: { id: string; projectId: null }[] }>(
      admin,
      query,
    );
    expect(listed.data?.unassignedScans).toContainEqual({
      id: loose.id,
      projectId: null,
      artifacts: [{ artifactType: 'pointcloud' }],
    });
    const own = await api.graphql<{ unassignedScans: { id: string }[] }>(power, query);
    expect(own.data?.unassignedScans.map((scan) => scan.id)).toContain(loose.id);
    const standard = await factories.user(db, org.id, 'Standard');
    const refused = await api.graphql(standard, query);
    expect(refused.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });

  it('runs the same number of SQL statements for 5 and for 50 scans (no N+1)', async () => {
    const small = await projectWithScans(5);
    const large = await projectWithScans(50);
    const user = await factories.user(api.database.db, small.org.id, 'Admin');
    const counter = countQueries(api.database.db);
    try {
      const measure = async (query: string, projectId: number, expected: number) => {
        counter.reset();
        const result = await api.graphql<Record<string, unknown[]>>(user, query, { p: projectId });
        expect(result.errors).toBeUndefined();
        expect(Object.values(result.data!)[0]).toHaveLength(expected);
        return counter.count;
      };
      const summarySmall = await measure(SUMMARY, small.project.id, 5);
      const summaryLarge = await measure(SUMMARY, large.project.id, 50);
      expect(summaryLarge).toBe(summarySmall);
      // Project check, scans and artifacts, plus the sign-in lookups of the request.
      expect(summarySmall).toBeLessThanOrEqual(6);

      const full = `query($p: ID!) { scansForProject(projectId: $p) { ${FULL_FIELDS} } }`;
      const fullSmall = await measure(full, small.project.id, 5);
      const fullLarge = await measure(full, large.project.id, 50);
      expect(fullLarge).toBe(fullSmall);
    } finally {
      counter.restore();
    }
  });
});
