import { encodeScanSummary } from '@asset-portal/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../../../test/databases.ts';
import { factories } from '../../../test/factories.ts';
import { scanFactories } from '../../../test/factories-scans.ts';
import { summaryProject } from '../../../test/summary-project.ts';
import type { Db } from '../../db/database.ts';
import { groupBy } from '../scans/scan.repository.ts';
import { scanSummaryRepository } from './scan-summary.repository.ts';
import { scanSummaryService } from './scan-summary.service.ts';
import { viewerPath } from './viewer-path.ts';

/** The summary computed from scratch, every scan read and encoded: what an update must equal. */
async function fullSummaryJson(db: Db, projectId: number): Promise<string> {
  const scans = await scanSummaryRepository.compactScans(db, projectId);
  const artifacts = await scanSummaryRepository.compactArtifacts(db, projectId);
  const byScan = groupBy(artifacts, (a) => a.scanId);
  const input = scans.map((scan) => ({
    ...scan,
    path: viewerPath(scan.simplePath?.coordinates),
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
});
