import zlib from 'node:zlib';
import {
  type CompactScanSummary,
  decodeScanSummary,
  type SummaryScan,
  scanSummaryPath,
} from '@asset-portal/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../../test/api.ts';
import { DATABASE_KINDS } from '../../../test/databases.ts';
import { factories } from '../../../test/factories.ts';
import { scanFactories } from '../../../test/factories-scans.ts';
import { summaryProject } from '../../../test/summary-project.ts';
import type { UserRow } from '../../db/schema.ts';
import { scanSummaryService } from './scan-summary.service.ts';

const GRAPHQL_SUMMARY = `query($p: ID!) { scansSummary(projectId: $p) {
  id friendlyName tags comment simplePath { coordinates } artifacts { artifactType name status } } }`;

interface Answer {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  raw: Buffer;
}

describe.each(DATABASE_KINDS)('project scan summary route on %s', (kind) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi(kind);
  });
  afterAll(async () => api?.close());

  const db = () => api.database.db;

  const projectWithScans = (count: number) =>
    summaryProject(db(), count, (i) => (i === count - 1 ? ['QA - OK'] : []));

  async function get(
    user: UserRow | null,
    projectId: number | string,
    headers: Record<string, string> = {},
  ): Promise<Answer> {
    const cookie = user ? { cookie: await api.cookieFor(user) } : {};
    const response = await api.app.inject({
      method: 'GET',
      url: scanSummaryPath(projectId),
      headers: { ...cookie, ...headers },
    });
    return { status: response.statusCode, headers: response.headers, raw: response.rawPayload };
  }

  const decode = (answer: Answer): SummaryScan[] => {
    const encoding = answer.headers['content-encoding'];
    const json =
      encoding === 'br'
        ? zlib.brotliDecompressSync(answer.raw)
        : encoding === 'gzip'
          ? zlib.gunzipSync(answer.raw)
          : answer.raw;
    return decodeScanSummary(JSON.parse(json.toString('utf8')) as CompactScanSummary);
  };

  it('answers what the viewer reads of each scan, in capture order, revalidated each time', async () => {
    const { project, scans, session, user } = await projectWithScans(3);
    const answer = await get(user, project.id);
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    expect(answer.headers['cache-control']).toBe('private, no-cache');
    expect(answer.headers.etag).toMatch(/^W\/"[\w-]+"$/);
    expect(answer.headers['content-encoding']).toBeUndefined();
    const list = decode(answer);
    expect(list.map((s) => s.id)).toEqual(scans.map((s) => s.id));
    expect(list[0]).toMatchObject({
      friendlyName: scans[0]!.friendlyName,
      sessionId: session.id,
      assignmentType: 'Device',
      type: 'mobile',
      tags: ['QA - OK'],
      projectId: String(project.id),
      capturedTimestamp: scans[0]!.capturedTimestamp!.toISOString(),
      artifacts: [
        {
          id: expect.any(String),
          artifactType: 'pointcloud',
          name: 'unclassified',
          status: 'provisional',
        },
        {
          id: expect.any(String),
          artifactType: 'center_cam',
          name: 'center',
          status: 'provisional',
        },
      ],
    });
    // The same scans and artifacts as the GraphQL query, in the same order.
    const viaGraphql = await api.graphql<{
      scansSummary: { id: string; artifacts: { id: string }[] }[];
    }>(user, 'query($p: ID!) { scansSummary(projectId: $p) { id artifacts { id } } }', {
      p: project.id,
    });
    const idsOf = (rows: { id: string; artifacts: { id: string }[] }[]) =>
      rows.map((row) => [row.id, row.artifacts.map((a) => a.id)]);
    expect(idsOf(list)).toEqual(idsOf(viaGraphql.data!.scansSummary));
    const stored = (scans[0]!.simplePath as { coordinates: number[][] }).coordinates;
    const sent = list[0]!.simplePath!.coordinates;
    expect(sent).toHaveLength(stored.length);
    sent.forEach(([lon, lat], i) => {
      expect(Math.abs(lon - stored[i]![0]!)).toBeLessThan(1e-6);
      expect(Math.abs(lat - stored[i]![1]!)).toBeLessThan(1e-6);
    });
  });

  it('sends brotli or gzip as the client accepts, the same summary in each', async () => {
    const { project, user } = await projectWithScans(4);
    const plain = await get(user, project.id);
    const expected = decode(plain);
    const cases: [string, string | undefined][] = [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
      ['br;q=0, gzip;q=0.5', 'gzip'],
      ['identity', undefined],
    ];
    for (const [accept, encoding] of cases) {
      const answer = await get(user, project.id, { 'accept-encoding': accept });
      expect(answer.status).toBe(200);
      expect(answer.headers['content-encoding']).toBe(encoding);
      expect(answer.headers.vary).toMatch(/accept-encoding/i);
      expect(answer.headers.etag).toBe(plain.headers.etag);
      expect(decode(answer)).toEqual(expected);
    }
  });

  it('answers 304 with no body to the current ETag, and the summary to an old one', async () => {
    const { project, user, admin } = await projectWithScans(2);
    const first = await get(user, project.id, { 'accept-encoding': 'br' });
    const etag = String(first.headers.etag);
    const again = await get(user, project.id, { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.raw.length).toBe(0);
    expect(again.headers.etag).toBe(etag);
    // Another viewer of the project shares the same summary.
    expect((await get(admin, project.id, { 'if-none-match': etag })).status).toBe(304);
    const stale = await get(user, project.id, { 'if-none-match': 'W/"something-else"' });
    expect(stale.status).toBe(200);
    expect(decode(stale)).toHaveLength(2);
  });

  it('computes a project version once for many viewers at once', async () => {
    const { project, user } = await projectWithScans(3);
    const before = scanSummaryService.cacheState(db()).compact.entries;
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => get(user, project.id, { 'accept-encoding': 'gzip' })),
    );
    expect(new Set(answers.map((a) => a.headers.etag)).size).toBe(1);
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(scanSummaryService.cacheState(db()).compact.entries).toBe(before + 1);
  });

  describe('changes of the project scans make a new version', () => {
    type Fixture = Awaited<ReturnType<typeof projectWithScans>>;
    const cases: {
      name: string;
      change: (f: Fixture) => Promise<unknown>;
      check: (list: SummaryScan[], f: Fixture) => void;
    }[] = [
      {
        name: 'header edited (updateScanHeader)',
        change: async (f) => {
          const result = await api.graphql(
            f.admin,
            `mutation($id: ID!) { updateScanHeader(id: $id, friendlyName: "Renamed", comment: "Looked at") { id } }`,
            { id: f.scans[1]!.id },
          );
          expect(result.errors).toBeUndefined();
        },
        check: (list, f) => {
          const scan = list.find((s) => s.id === f.scans[1]!.id);
          expect(scan).toMatchObject({ friendlyName: 'Renamed', comment: 'Looked at' });
        },
      },
      {
        name: 'scan deleted (deleteScan)',
        change: async (f) => {
          const result = await api.graphql(f.admin, 'mutation($id: ID!) { deleteScan(id: $id) }', {
            id: f.scans[0]!.id,
          });
          expect(result.errors).toBeUndefined();
        },
        check: (list, f) => expect(list.map((s) => s.id)).not.toContain(f.scans[0]!.id),
      },
      {
        name: 'scan added (ingestion)',
        change: (f) =>
          scanFactories.scan(db(), f.org.id, { id: 'SC-ADDED-1', projectId: f.project.id }),
        check: (list) => expect(list.map((s) => s.id)).toContain('SC-ADDED-1'),
      },
      {
        name: 'scan reassigned to another project',
        change: async (f) => {
          const other = await factories.project(db(), f.org.id);
          await db()
            .updateTable('scans')
            .set({ projectId: other.id })
            .where('id', '=', f.scans[2]!.id)
            .execute();
        },
        check: (list, f) => expect(list.map((s) => s.id)).not.toContain(f.scans[2]!.id),
      },
      {
        name: 'scan processed (artifact status final)',
        change: (f) =>
          db()
            .updateTable('artifacts')
            .set({ status: 'final' })
            .where('scanId', '=', f.scans[0]!.id)
            .where('artifactType', '=', 'pointcloud')
            .execute(),
        check: (list, f) => {
          const scan = list.find((s) => s.id === f.scans[0]!.id);
          expect(scan?.artifacts[0]?.status).toBe('final');
        },
      },
      {
        name: 'new version of a point cloud (artifact added)',
        change: (f) => scanFactories.artifact(db(), f.scans[0]!.id, { name: 'classified' }),
        check: (list, f) => {
          const scan = list.find((s) => s.id === f.scans[0]!.id);
          expect(scan?.artifacts.map((a) => a.name)).toContain('classified');
        },
      },
      {
        name: 'images removed (camera artifact deleted)',
        change: (f) =>
          db()
            .deleteFrom('artifacts')
            .where('scanId', '=', f.scans[1]!.id)
            .where('artifactType', '=', 'center_cam')
            .execute(),
        check: (list, f) => {
          const scan = list.find((s) => s.id === f.scans[1]!.id);
          expect(scan?.artifacts.map((a) => a.artifactType)).toEqual(['pointcloud']);
        },
      },
      {
        name: 'trajectory reprocessed (path changed)',
        change: (f) =>
          db()
            .updateTable('scans')
            .set({
              simplePath: JSON.stringify({
                type: 'LineString',
                coordinates: [
                  [10, 20],
                  [10.5, 20.5],
                  [11, 20],
                ],
              }),
            })
            .where('id', '=', f.scans[1]!.id)
            .execute(),
        check: (list, f) => {
          const scan = list.find((s) => s.id === f.scans[1]!.id);
          expect(scan?.simplePath?.coordinates).toEqual([
            [10, 20],
            [10.5, 20.5],
            [11, 20],
          ]);
        },
      },
    ];

    it.each(cases)('$name', async ({ change, check }) => {
      const fixture = await projectWithScans(3);
      const before = await get(fixture.user, fixture.project.id);
      const graphqlBefore = await api.graphql(fixture.user, GRAPHQL_SUMMARY, {
        p: fixture.project.id,
      });
      expect(graphqlBefore.errors).toBeUndefined();
      await change(fixture);
      const after = await get(fixture.user, fixture.project.id, {
        'if-none-match': String(before.headers.etag),
      });
      expect(after.status).toBe(200);
      expect(after.headers.etag).not.toBe(before.headers.etag);
      check(decode(after), fixture);
      // The GraphQL query answers from the same versions: it sees the change too.
      const graphqlAfter = await api.graphql<{ scansSummary: SummaryScan[] }>(
        fixture.user,
        GRAPHQL_SUMMARY,
        { p: fixture.project.id },
      );
      expect(graphqlAfter.errors).toBeUndefined();
      check(graphqlAfter.data!.scansSummary, fixture);
    });

    it('a scan joining the project from another one changes both', async () => {
      const a = await projectWithScans(1);
      const b = await factories.project(db(), a.org.id);
      const moving = await scanFactories.scan(db(), a.org.id, { projectId: b.id });
      const beforeA = await get(a.user, a.project.id);
      const beforeB = await get(a.user, b.id);
      await db()
        .updateTable('scans')
        .set({ projectId: a.project.id })
        .where('id', '=', moving.id)
        .execute();
      const afterA = await get(a.user, a.project.id);
      const afterB = await get(a.user, b.id);
      expect(afterA.headers.etag).not.toBe(beforeA.headers.etag);
      expect(afterB.headers.etag).not.toBe(beforeB.headers.etag);
      expect(decode(afterA).map((s) => s.id)).toContain(moving.id);
      expect(decode(afterB)).toEqual([]);
    });

    it('writes outside the summary keep the version: level of detail, images, other projects', async () => {
      const f = await projectWithScans(2);
      const other = await projectWithScans(1);
      const before = await get(f.user, f.project.id);
      const versionOf = async () =>
        (
          await db()
            .selectFrom('projects')
            .select(sql<string>`summary_version::text`.as('v'))
            .where('id', '=', f.project.id)
            .executeTakeFirstOrThrow()
        ).v;
      const version = await versionOf();
      await db()
        .updateTable('artifacts')
        .set({ parameters: JSON.stringify({ lod: { prefix: 'lod/1' } }) })
        .where('scanId', '=', f.scans[0]!.id)
        .execute();
      await scanFactories.image(db(), f.scans[0]!.id, 1);
      await db()
        .updateTable('scans')
        .set({ comment: 'Elsewhere' })
        .where('id', '=', other.scans[0]!.id)
        .execute();
      expect(await versionOf()).toBe(version);
      const after = await get(f.user, f.project.id, {
        'if-none-match': String(before.headers.etag),
      });
      expect(after.status).toBe(304);
    });
  });

  describe('authorization', () => {
    it('refuses the anonymous and a forged session with 401', async () => {
      const { project } = await projectWithScans(1);
      const anonymous = await get(null, project.id);
      expect(anonymous.status).toBe(401);
      expect(anonymous.headers.etag).toBeUndefined();
      const forged = await get(null, project.id, { cookie: 'ap_session=s%3Aforged.sig' });
      expect(forged.status).toBe(401);
    });

    it("answers another organization's project exactly like a missing one, leaking nothing", async () => {
      const { project } = await projectWithScans(2);
      const stranger = await projectWithScans(0);
      const otherOrg = await get(stranger.user, project.id, { 'accept-encoding': 'gzip' });
      const missing = await get(stranger.user, 2_000_000_000, { 'accept-encoding': 'gzip' });
      const malformed = await get(stranger.user, 'abc');
      for (const answer of [otherOrg, missing, malformed]) {
        expect(answer.status).toBe(404);
        expect(answer.headers.etag).toBeUndefined();
        expect(answer.headers['content-encoding']).toBeUndefined();
        expect(JSON.parse(answer.raw.toString('utf8'))).toEqual({ error: 'Not found' });
      }
      // The GraphQL query refuses it the same way.
      const graphql = await api.graphql(stranger.user, GRAPHQL_SUMMARY, { p: project.id });
      expect(graphql.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
      expect(graphql.errors?.[0]?.message).toBe('Not found');
    });

    it('lets through exactly the roles and organizations the GraphQL query lets through', async () => {
      const { project, org } = await projectWithScans(1);
      const strangers = await factories.organization(db());
      const callers = await Promise.all([
        factories.user(db(), org.id, 'Standard'),
        factories.user(db(), org.id, 'Power User'),
        factories.user(db(), strangers.id, 'Standard'),
        factories.user(db(), strangers.id, 'Power User'),
        factories.user(db(), strangers.id, 'Admin'),
      ]);
      const outcomes = [];
      for (const caller of callers) {
        const route = await get(caller, project.id);
        const graphql = await api.graphql(caller, GRAPHQL_SUMMARY, { p: project.id });
        outcomes.push([route.status, graphql.errors?.[0]?.extensions?.code ?? 'OK']);
      }
      // Own organization: every role; another organization: only an Admin (who reads all).
      expect(outcomes).toEqual([
        [200, 'OK'],
        [200, 'OK'],
        [404, 'NOT_FOUND'],
        [404, 'NOT_FOUND'],
        [200, 'OK'],
      ]);
    });
  });
});
