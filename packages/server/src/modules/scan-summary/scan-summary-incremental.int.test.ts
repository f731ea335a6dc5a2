import { encodeScanSummary } from '@asset-portal/shared';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../../../test/databases.ts';
import { factories } from '../../../test/factories.ts';
import { scanFactories } from '../../../test/factories-scans.ts';
import { summaryProject } from '../../../test/summary-project.ts';
import type { Db } from '../../db/database.ts';
import type { LineString } from '../../db/schema.ts';
import { groupBy } from '../scans/scan.repository.ts';
import { scanSummaryRepository } from './scan-summary.repository.ts';
import { scanSummaryService } from './scan-summary.service.ts';
import { encodedViewerPath, scanPathColumns, viewerPath } from './viewer-path.ts';

/** The summary computed from scratch, every scan read and encoded: what an update must equal. */
async function fullSummaryJson(db: Db, projectId: number): Promise<string> {
  const scans = await scanSummaryRepository.compactScans(db, projectId);
  const artifacts = await scanSummaryRepository.compactArtifacts(db, projectId);
  // Every path from its simple path, whether or not a viewer path was written with it.
  const simplePaths = new Map(
    (
      await db
        .selectFrom('scans')
        .select(['id', 'simplePath'])
        .where('projectId', '=', projectId)
        .execute()
    ).map((row) => [row.id, row.simplePath]),
  );
  const byScan = groupBy(artifacts, (a) => a.scanId);
  const input = scans.map((scan) => ({
    ...scan,
    path: viewerPath(simplePaths.get(scan.id)?.coordinates),
    artifacts: byScan.get(scan.id) ?? [],
  }));
  return JSON.stringify(encodeScanSummary(projectId, input));
}

describe.each(DATABASE_KINDS)('a new summary version from the previous one on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => database?.drop());
  afterEach(() => vi.restoreAllMocks());

  const db = () => database.db;

  async function projectWithScans(count: number) {
    const { org, project, scans, user } = await summaryProject(db(), count, (i) =>
      i % 2 ? ['QA - OK'] : [],
    );
    return { org, project, scans, viewer: { user, organizationName: org.name } };
  }
  type Fixture = Awaited<ReturnType<typeof projectWithScans>>;

  const path = (coordinates: number[][]) =>
    JSON.stringify({ type: 'LineString', coordinates: coordinates });

  // Each change, and the scans (by fixture index, or id) an update must read again.
  const cases: {
    name: string;
    change: (f: Fixture) => Promise<unknown>;
    reads: (f: Fixture) => string[];
  }[] = [
    {
      name: 'header edited',
      change: (f) =>
        db()
          .updateTable('scans')
          .set({ friendlyName: 'Renamed', comment: 'Looked at', tags: ['Reprocess'] })
          .where('id', '=', f.scans[1]!.id)
          .execute(),
      reads: (f) => [f.scans[1]!.id],
    },
    {
      name: 'scan added',
      change: (f) =>
        scanFactories.scan(db(), f.org.id, {
          id: `SC-NEW-${f.project.id}`,
          projectId: f.project.id,
          capturedTimestamp: new Date(Date.UTC(2024, 4, 1, 10, 0, 2, 500)),
        }),
      reads: (f) => [`SC-NEW-${f.project.id}`],
    },
    {
      name: 'scan deleted',
      change: (f) => db().deleteFrom('scans').where('id', '=', f.scans[0]!.id).execute(),
      reads: () => [],
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
      reads: () => [],
    },
    {
      name: 'artifact status changed',
      change: (f) =>
        db()
          .updateTable('artifacts')
          .set({ status: 'reprocessing' })
          .where('scanId', '=', f.scans[0]!.id)
          .where('artifactType', '=', 'pointcloud')
          .execute(),
      reads: (f) => [f.scans[0]!.id],
    },
    {
      name: 'artifact added',
      change: (f) => scanFactories.artifact(db(), f.scans[2]!.id, { name: 'classified' }),
      reads: (f) => [f.scans[2]!.id],
    },
    {
      name: 'artifact deleted',
      change: (f) =>
        db()
          .deleteFrom('artifacts')
          .where('scanId', '=', f.scans[1]!.id)
          .where('artifactType', '=', 'center_cam')
          .execute(),
      reads: (f) => [f.scans[1]!.id],
    },
    {
      name: 'artifact moved to another scan',
      change: (f) =>
        db()
          .updateTable('artifacts')
          .set({ scanId: f.scans[3]!.id })
          .where('scanId', '=', f.scans[0]!.id)
          .where('artifactType', '=', 'center_cam')
          .execute(),
      reads: (f) => [f.scans[0]!.id, f.scans[3]!.id],
    },
    {
      name: 'artifact renamed and retyped',
      change: (f) =>
        db()
          .updateTable('artifacts')
          .set({ artifactType: 'left_cam', name: 'left' })
          .where('scanId', '=', f.scans[2]!.id)
          .where('artifactType', '=', 'center_cam')
          .execute(),
      reads: (f) => [f.scans[2]!.id],
    },
    {
      name: 'artifacts of two scans changed in one statement',
      change: (f) =>
        db()
          .updateTable('artifacts')
          .set({ status: 'archived' })
          .where('scanId', 'in', [f.scans[1]!.id, f.scans[3]!.id])
          .where('artifactType', '=', 'pointcloud')
          .execute(),
      reads: (f) => [f.scans[1]!.id, f.scans[3]!.id],
    },
    {
      name: 'artifacts added to two scans in one statement',
      change: (f) =>
        db()
          .insertInto('artifacts')
          .values(
            [f.scans[1]!.id, f.scans[3]!.id].map((scanId) => ({
              scanId,
              artifactType: 'right_cam',
              name: 'right',
            })),
          )
          .execute(),
      reads: (f) => [f.scans[1]!.id, f.scans[3]!.id],
    },
    {
      name: 'path changed',
      change: (f) =>
        db()
          .updateTable('scans')
          .set({
            simplePath: path([
              [10, 20],
              [10.5, 20.5],
              [10.75, 20.25],
              [11, 20],
            ]),
          })
          .where('id', '=', f.scans[1]!.id)
          .execute(),
      reads: (f) => [f.scans[1]!.id],
    },
    {
      name: 'capture time changed (the order changes)',
      change: (f) =>
        db()
          .updateTable('scans')
          .set({ capturedTimestamp: new Date(Date.UTC(2020, 0, 1)) })
          .where('id', '=', f.scans[3]!.id)
          .execute(),
      reads: (f) => [f.scans[3]!.id],
    },
  ];

  it.each(cases)(
    '$name: reads only the changed scans, answers byte for byte the full summary',
    async ({ change, reads }) => {
      const f = await projectWithScans(4);
      const before = await scanSummaryService.compact(db(), f.viewer, f.project.id);
      expect(before.json.toString('utf8')).toBe(await fullSummaryJson(db(), f.project.id));
      await change(f);
      const readScans = vi.spyOn(scanSummaryRepository, 'compactScans');
      const after = await scanSummaryService.compact(db(), f.viewer, f.project.id);
      expect(readScans.mock.calls.map(([, , ids]) => [...(ids ?? ['every scan'])].sort())).toEqual(
        reads(f).length > 0 ? [reads(f).sort()] : [],
      );
      readScans.mockRestore();
      expect(after.etag).not.toBe(before.etag);
      expect(after.json.toString('utf8')).toBe(await fullSummaryJson(db(), f.project.id));
    },
  );

  describe('viewer paths written with the scans', () => {
    const drive = (start: number): LineString => ({
      type: 'LineString',
      coordinates: [
        [start, 20],
        [start + 0.5, 20.5],
        [start + 0.75, 20.25],
        [start + 1, 20],
      ],
    });
    const writePaths = (scanId: string, simplePath: LineString) =>
      db().updateTable('scans').set(scanPathColumns(simplePath)).where('id', '=', scanId).execute();
    const viewerPathOf = async (scanId: string) =>
      (
        await db()
          .selectFrom('scans')
          .select('viewerPath')
          .where('id', '=', scanId)
          .executeTakeFirstOrThrow()
      ).viewerPath;

    it('are read instead of the simple paths, for the same summary', async () => {
      const f = await projectWithScans(4);
      // Two scans written as ingestion writes them; the other two with no viewer path.
      await writePaths(f.scans[0]!.id, drive(10));
      await writePaths(f.scans[2]!.id, drive(12));
      const read = await scanSummaryRepository.compactScans(db(), f.project.id);
      expect(read.map((scan) => [scan.viewerPath !== null, scan.simplePath !== null])).toEqual([
        [true, false],
        [false, true],
        [true, false],
        [false, true],
      ]);
      const summary = await scanSummaryService.compact(db(), f.viewer, f.project.id);
      expect(summary.json.toString('utf8')).toBe(await fullSummaryJson(db(), f.project.id));
      expect(JSON.parse(summary.json.toString('utf8')).path[0]).toBe(encodedViewerPath(drive(10)));
    });

    it('are cleared by a new simple path written without one, and the summary follows it', async () => {
      const f = await projectWithScans(2);
      const scanId = f.scans[0]!.id;
      await writePaths(scanId, drive(10));
      const before = await scanSummaryService.compact(db(), f.viewer, f.project.id);
      await db()
        .updateTable('scans')
        .set({ simplePath: JSON.stringify(drive(30)) })
        .where('id', '=', scanId)
        .execute();
      expect(await viewerPathOf(scanId)).toBeNull();
      const after = await scanSummaryService.compact(db(), f.viewer, f.project.id);
      expect(after.etag).not.toBe(before.etag);
      expect(after.json.toString('utf8')).toBe(await fullSummaryJson(db(), f.project.id));
      expect(JSON.parse(after.json.toString('utf8')).path[0]).toBe(encodedViewerPath(drive(30)));
      // Other writes leave a written viewer path alone.
      await writePaths(scanId, drive(40));
      await db()
        .updateTable('scans')
        .set({ comment: 'Looked at' })
        .where('id', '=', scanId)
        .execute();
      expect(await viewerPathOf(scanId)).toBe(encodedViewerPath(drive(40)));
    });
  });

  it("reads the scans' markers in the list's order, whatever their ids hold", async () => {
    const f = await projectWithScans(4);
    const rows = () =>
      db()
        .selectFrom('scans')
        .select([
          'id',
          sql<string>`scans.xmin::text || '/' || scans.artifacts_version::text`.as('marker'),
        ])
        .where('projectId', '=', f.project.id)
        .orderBy('capturedTimestamp')
        .orderBy('id')
        .execute();
    const markers = () => scanSummaryRepository.scanMarkers(db(), f.project.id);
    expect(await markers()).toEqual(await rows());
    expect((await markers()).map((m) => m.id)).toHaveLength(4);
    // Ids with spaces, and one with a line break, which the one-text read cannot split.
    for (const id of ['SC with spaces', 'SC two\nlines']) {
      await scanFactories.scan(db(), f.org.id, {
        id,
        projectId: f.project.id,
        capturedTimestamp: new Date(Date.UTC(2020, 0, 1)),
      });
      expect(await markers()).toEqual(await rows());
    }
    expect((await markers())[0]!.id).toBe('SC two\nlines');
    const empty = await factories.project(db(), f.org.id, { name: 'No scans' });
    expect(await scanSummaryRepository.scanMarkers(db(), empty.id)).toEqual([]);
  });

  it('keeps every marker through artifact writes the summary does not read', async () => {
    const f = await projectWithScans(3);
    const markers = () => scanSummaryRepository.scanMarkers(db(), f.project.id);
    const before = await markers();
    await db()
      .updateTable('artifacts')
      .set({ parameters: JSON.stringify({ lod: { prefix: 'lod/1' } }), size: 1234 })
      .where('scanId', '=', f.scans[0]!.id)
      .execute();
    await db()
      .updateTable('artifacts')
      .set({
        url: 'https://example.com/moved',
        s3Url: 's3://other/moved',
        lastModified: new Date(),
      })
      .where('scanId', '=', f.scans[1]!.id)
      .execute();
    // Written, but to the same values.
    await db()
      .updateTable('artifacts')
      .set((eb) => ({ status: eb.ref('status'), name: eb.ref('name') }))
      .where('scanId', '=', f.scans[2]!.id)
      .execute();
    expect(await markers()).toEqual(before);
  });

  it('a new url makes a new version that reads no scan again', async () => {
    const f = await projectWithScans(2);
    const before = await scanSummaryService.compact(db(), f.viewer, f.project.id);
    const { version } = (await scanSummaryRepository.projectHead(db(), f.project.id))!;
    // The GraphQL summary carries the url; the compact one does not.
    await db()
      .updateTable('artifacts')
      .set({ url: 'https://example.com/elsewhere' })
      .where('scanId', '=', f.scans[0]!.id)
      .execute();
    expect((await scanSummaryRepository.projectHead(db(), f.project.id))!.version).not.toBe(
      version,
    );
    const readScans = vi.spyOn(scanSummaryRepository, 'compactScans');
    const after = await scanSummaryService.compact(db(), f.viewer, f.project.id);
    expect(readScans).not.toHaveBeenCalled();
    expect(after.json.equals(before.json)).toBe(true);
  });

  it('an artifact write bumps the project version once, not again through its scan', async () => {
    const f = await projectWithScans(4);
    const version = async () =>
      Number((await scanSummaryRepository.projectHead(db(), f.project.id))!.version);
    const writes = [
      () => scanFactories.artifact(db(), f.scans[0]!.id),
      () =>
        db()
          .updateTable('artifacts')
          .set({ status: 'final' })
          .where('scanId', 'in', [f.scans[1]!.id, f.scans[2]!.id])
          .execute(),
      () =>
        db()
          .updateTable('artifacts')
          .set({ scanId: f.scans[3]!.id })
          .where('scanId', '=', f.scans[0]!.id)
          .execute(),
      () => db().deleteFrom('artifacts').where('scanId', '=', f.scans[3]!.id).execute(),
    ];
    for (const write of writes) {
      const was = await version();
      await write();
      expect(await version()).toBe(was + 1);
    }
  });

  it('follows several changes in a row, and keeps its parts within the cache bound', async () => {
    const f = await projectWithScans(5);
    for (const { change } of cases) {
      await change(f);
      const summary = await scanSummaryService.compact(db(), f.viewer, f.project.id);
      expect(summary.json.toString('utf8')).toBe(await fullSummaryJson(db(), f.project.id));
    }
    const { parts } = scanSummaryService.cacheState(db());
    expect(parts.entries).toBeGreaterThan(0);
    expect(parts.bytes).toBeGreaterThan(0);
  });

  it('prepares the largest projects before their first viewer, who then reads no scan', async () => {
    // More scans than any other project of this file, and one fewer.
    const large = await projectWithScans(12);
    const smaller = await projectWithScans(11);
    const prepared = await scanSummaryService.prepareLargeProjects(db(), 12);
    expect(prepared).toEqual([large.project.id]);
    const expected = await fullSummaryJson(db(), large.project.id);
    const readScans = vi.spyOn(scanSummaryRepository, 'compactScans');
    const first = await scanSummaryService.compact(db(), large.viewer, large.project.id);
    expect(readScans).not.toHaveBeenCalled();
    expect(first.json.toString('utf8')).toBe(expected);
    // A later version reads only the changed scan; the smaller project, not prepared, reads all.
    await db()
      .updateTable('scans')
      .set({ comment: 'Checked again' })
      .where('id', '=', large.scans[3]!.id)
      .execute();
    await scanSummaryService.compact(db(), large.viewer, large.project.id);
    await scanSummaryService.compact(db(), smaller.viewer, smaller.project.id);
    expect(readScans.mock.calls.map(([, projectId, ids]) => [projectId, ids])).toEqual([
      [large.project.id, [large.scans[3]!.id]],
      [smaller.project.id, undefined],
    ]);
  });

  it('prepares a project once it has grown to the threshold, and no kept one again', async () => {
    // The earlier test's projects hold 12 scans at most.
    const growing = await projectWithScans(13);
    expect(await scanSummaryService.prepareLargeProjects(db(), 14)).toEqual([]);
    await scanFactories.scan(db(), growing.org.id, {
      id: `SC-GROWN-${growing.project.id}`,
      projectId: growing.project.id,
    });
    expect(await scanSummaryService.prepareLargeProjects(db(), 14)).toEqual([growing.project.id]);
    // Its current version is kept: nothing to compute on the next look.
    const readScans = vi.spyOn(scanSummaryRepository, 'compactScans');
    expect(await scanSummaryService.prepareLargeProjects(db(), 14)).toEqual([]);
    expect(readScans).not.toHaveBeenCalled();
  });

  it('prepares, at its next look, a project that grew to the size since the last one', async () => {
    // Projects of earlier tests hold 13 scans at most: the size here is 15.
    const first = await scanSummaryService.prepareGrown(db(), undefined, 15);
    // A first look only notes the versions.
    expect(first.prepared).toEqual([]);
    const growing = await projectWithScans(14);
    const small = await projectWithScans(2);
    const noted = await scanSummaryService.prepareGrown(db(), first.versions, 15);
    // New projects under the size: looked at, not computed.
    expect(noted.prepared).toEqual([]);
    expect(noted.versions.get(growing.project.id)).toBeDefined();

    await scanFactories.scan(db(), growing.org.id, {
      id: `SC-GREW-${growing.project.id}`,
      projectId: growing.project.id,
    });
    await db()
      .updateTable('scans')
      .set({ comment: 'Still small' })
      .where('id', '=', small.scans[0]!.id)
      .execute();
    const counted = vi.spyOn(scanSummaryRepository, 'scanCounts');
    const grown = await scanSummaryService.prepareGrown(db(), noted.versions, 15);
    expect(grown.prepared).toEqual([growing.project.id]);
    // Only the two projects that moved were counted.
    expect(new Set(counted.mock.calls[0]?.[1])).toEqual(
      new Set([growing.project.id, small.project.id]),
    );
    // Its first viewer reads no scan.
    const readScans = vi.spyOn(scanSummaryRepository, 'compactScans');
    const summary = await scanSummaryService.compact(db(), growing.viewer, growing.project.id);
    expect(readScans).not.toHaveBeenCalled();
    expect(summary.json.toString('utf8')).toBe(await fullSummaryJson(db(), growing.project.id));
    // Nothing moved since: the next look counts and computes nothing.
    counted.mockClear();
    const quiet = await scanSummaryService.prepareGrown(db(), grown.versions, 15);
    expect(quiet.prepared).toEqual([]);
    expect(counted.mock.calls.flatMap(([, ids]) => ids)).toEqual([]);
  });

  it('computes the new version of a kept summary after a change, before its next viewer', async () => {
    const viewed = await projectWithScans(4);
    const unchanged = await projectWithScans(3);
    const unseen = await projectWithScans(3);
    await scanSummaryService.compact(db(), viewed.viewer, viewed.project.id);
    await scanSummaryService.compact(db(), unchanged.viewer, unchanged.project.id);
    const comment = (f: Fixture, text: string) =>
      db().updateTable('scans').set({ comment: text }).where('id', '=', f.scans[2]!.id).execute();
    await comment(viewed, 'Seen on site');
    await comment(unseen, 'Never viewed');

    const readScans = vi.spyOn(scanSummaryRepository, 'compactScans');
    const refreshed = await scanSummaryService.refreshKept(db());
    expect(refreshed).toContain(viewed.project.id);
    expect(refreshed).not.toContain(unchanged.project.id);
    // A project nobody viewed in this process is left to its first viewer.
    expect(refreshed).not.toContain(unseen.project.id);
    expect(readScans.mock.calls).toContainEqual([db(), viewed.project.id, [viewed.scans[2]!.id]]);

    // The next viewer finds the new version computed: nothing is read.
    const expected = await fullSummaryJson(db(), viewed.project.id);
    readScans.mockClear();
    const next = await scanSummaryService.compact(db(), viewed.viewer, viewed.project.id);
    expect(next.json.toString('utf8')).toBe(expected);
    expect(readScans).not.toHaveBeenCalled();
    // Nothing changed since: the next round computes nothing for it.
    expect(await scanSummaryService.refreshKept(db())).not.toContain(viewed.project.id);
  });

  it('reads the changed scans by id up to 80 % of the project, beyond that the whole project', async () => {
    const f = await projectWithScans(10);
    const readCalls = async (count: number) => {
      await scanSummaryService.compact(db(), f.viewer, f.project.id);
      await db()
        .updateTable('scans')
        .set({ comment: `Changed ${count}` })
        .where(
          'id',
          'in',
          f.scans.slice(0, count).map((scan) => scan.id),
        )
        .execute();
      const readScans = vi.spyOn(scanSummaryRepository, 'compactScans');
      const summary = await scanSummaryService.compact(db(), f.viewer, f.project.id);
      const calls = readScans.mock.calls.map(([, , ids]) => ids?.length ?? 'whole');
      readScans.mockRestore();
      expect(summary.json.toString('utf8')).toBe(await fullSummaryJson(db(), f.project.id));
      return calls;
    };
    expect(await readCalls(8)).toEqual([8]);
    expect(await readCalls(9)).toEqual(['whole']);
  });

  it('reads scans and artifacts by more ids than a statement takes parameters', async () => {
    const f = await projectWithScans(3);
    const ids = [
      ...Array.from({ length: 70_000 }, (_, i) => `SC-NONE-${i}`),
      f.scans[0]!.id,
      f.scans[2]!.id,
    ];
    const scans = await scanSummaryRepository.compactScans(db(), f.project.id, ids);
    expect(scans.map((scan) => scan.id).sort()).toEqual([f.scans[0]!.id, f.scans[2]!.id].sort());
    const artifacts = await scanSummaryRepository.compactArtifacts(db(), f.project.id, ids);
    expect(new Set(artifacts.map((a) => a.scanId))).toEqual(
      new Set([f.scans[0]!.id, f.scans[2]!.id]),
    );
  });

  describe('parts stored for every process', () => {
    // A Kysely of its own over the same connection: a web process of its own for the caches.
    const anotherProcess = (): Db =>
      db().withPlugin({
        transformQuery: ({ node }) => node,
        transformResult: async ({ result }) => result,
      });
    const storedRows = (scanIds: readonly string[]) =>
      db()
        .selectFrom('scanSummaryParts')
        .select(['scanId', 'marker'])
        .where('scanId', 'in', [...scanIds])
        .execute();

    it('a process that starts reads the stored parts and no scan', async () => {
      const f = await projectWithScans(5);
      await scanSummaryService.compact(db(), f.viewer, f.project.id);
      expect(await scanSummaryService.storeComputedParts(db())).toBeGreaterThanOrEqual(5);
      expect(scanSummaryService.cacheState(db()).unstoredParts).toBe(0);

      const other = anotherProcess();
      const readScans = vi.spyOn(scanSummaryRepository, 'compactScans');
      const summary = await scanSummaryService.compact(other, f.viewer, f.project.id);
      expect(readScans).not.toHaveBeenCalled();
      expect(summary.json.toString('utf8')).toBe(await fullSummaryJson(db(), f.project.id));
      // It computed nothing: nothing to store.
      expect(scanSummaryService.cacheState(other).unstoredParts).toBe(0);
    });

    it('reads only the scans changed since their parts were stored', async () => {
      const f = await projectWithScans(5);
      await scanSummaryService.compact(db(), f.viewer, f.project.id);
      await scanSummaryService.storeComputedParts(db());
      await db()
        .updateTable('scans')
        .set({ friendlyName: 'Renamed after storing' })
        .where('id', '=', f.scans[1]!.id)
        .execute();
      await db()
        .updateTable('artifacts')
        .set({ status: 'archived' })
        .where('scanId', '=', f.scans[3]!.id)
        .execute();
      await db().deleteFrom('scans').where('id', '=', f.scans[4]!.id).execute();

      const other = anotherProcess();
      const readScans = vi.spyOn(scanSummaryRepository, 'compactScans');
      const summary = await scanSummaryService.compact(other, f.viewer, f.project.id);
      expect(readScans.mock.calls.map(([, , ids]) => [...(ids ?? ['every scan'])].sort())).toEqual([
        [f.scans[1]!.id, f.scans[3]!.id].sort(),
      ]);
      expect(summary.json.toString('utf8')).toBe(await fullSummaryJson(db(), f.project.id));
      // The deleted scan's part went with it; the two read again are stored at their new markers.
      expect(await storedRows([f.scans[4]!.id])).toEqual([]);
      expect(await scanSummaryService.storeComputedParts(other)).toBe(2);
      const markers = new Map(
        (await scanSummaryRepository.scanMarkers(db(), f.project.id)).map((m) => [m.id, m.marker]),
      );
      for (const row of await storedRows(f.scans.map((scan) => scan.id))) {
        expect(row.marker).toBe(markers.get(row.scanId));
      }
    });

    it('does not store a part whose scan moved on before it was stored', async () => {
      const f = await projectWithScans(3);
      await scanSummaryService.compact(db(), f.viewer, f.project.id);
      await db()
        .updateTable('scans')
        .set({ comment: 'Written before the store' })
        .where('id', '=', f.scans[0]!.id)
        .execute();
      await scanSummaryService.storeComputedParts(db());
      const stored = await storedRows(f.scans.map((scan) => scan.id));
      expect(stored.map((row) => row.scanId).sort()).toEqual(
        [f.scans[1]!.id, f.scans[2]!.id].sort(),
      );
      const readScans = vi.spyOn(scanSummaryRepository, 'compactScans');
      const summary = await scanSummaryService.compact(anotherProcess(), f.viewer, f.project.id);
      expect(readScans.mock.calls.map(([, , ids]) => ids)).toEqual([[f.scans[0]!.id]]);
      expect(summary.json.toString('utf8')).toBe(await fullSummaryJson(db(), f.project.id));
    });
  });
});
