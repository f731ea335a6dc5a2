import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { epsgDefinition } from '@asset-portal/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApi, type TestApi } from '../../../test/api.ts';
import { DATABASE_KINDS } from '../../../test/databases.ts';
import { factories } from '../../../test/factories.ts';
import { scanFactories } from '../../../test/factories-scans.ts';
import { drainJobs, ingestNow, uploadPackage } from '../../../test/ingestion-test-kit.ts';
import type { Db } from '../../db/database.ts';
import type { UserRow } from '../../db/schema.ts';
import {
  type GeneratedPackage,
  makePackage,
} from '../../device-packages/generator/make-package.ts';
import { parseGeneratorArgs } from '../../device-packages/generator/options.ts';
import { jobRepository } from '../../jobs/job.repository.ts';
import { enqueueJob } from '../../jobs/job-queue.ts';
import { startJobRunner } from '../../jobs/job-runner.ts';
import { createObjectStorage } from '../../storage/create-object-storage.ts';
import { objectKey } from '../../storage/object-key.ts';
import type { ObjectStorage } from '../../storage/storage.ts';
import { buildPointCloudLodJob, enqueuePointCloudLod } from './point-cloud-lod.job.ts';
import { buildScanLod } from './point-cloud-lod.service.ts';
import { BUILD_POINT_CLOUD_LOD_KIND, lodRecordOf } from './point-cloud-rules.ts';

// The builds run as they are; a test wraps one to change the scan while it runs.
vi.mock('./point-cloud-lod.service.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('./point-cloud-lod.service.ts')>();
  return { ...actual, buildScanLod: vi.fn(actual.buildScanLod) };
});
const { buildScanLod: actualBuildScanLod } = await vi.importActual<
  typeof import('./point-cloud-lod.service.ts')
>('./point-cloud-lod.service.ts');

const dir = mkdtempSync(path.join(tmpdir(), 'pointcloud-lod-'));
const FIXTURES = path.resolve(
  process.env.FIXTURES_DIR ?? path.join(import.meta.dirname, '../../../../../../shared/fixtures'),
);
const DEVICE = 'LG-3003';
let generated: GeneratedPackage;

beforeAll(async () => {
  generated = await makePackage(
    parseGeneratorArgs([
      '--out',
      path.join(dir, 'package'),
      '--device',
      DEVICE,
      '--scans',
      '1',
      '--target-size',
      '2MB',
      '--scan-seconds',
      '5',
    ]),
  );
}, 120_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const STREAMS = `query($ids:[ID!]!){ pointCloudStreams(scanIds:$ids){
  scanId status format metadataUrl hierarchyUrl octreeUrl expiresAt crs pointCount } }`;
const PROFILE = `query($input:ElevationProfileInput!){ elevationProfile(input:$input){
  points lengthMetres pointCount truncated } }`;

interface Stream {
  scanId: string;
  status: string;
  format: string;
  metadataUrl: string | null;
  hierarchyUrl: string | null;
  octreeUrl: string | null;
  expiresAt: string | null;
  crs: string | null;
  pointCount: number | null;
}

describe.each(DATABASE_KINDS)('point-cloud level of detail on %s', (kind) => {
  let api: TestApi;
  let db: Db;
  let storage: ObjectStorage;
  let orgA: { id: number };
  let userA: UserRow;
  let userB: UserRow;
  let scanId: string;

  const pointcloudArtifact = (id: string) =>
    db
      .selectFrom('artifacts')
      .selectAll()
      .where('scanId', '=', id)
      .where('artifactType', '=', 'pointcloud')
      .executeTakeFirstOrThrow();
  const lodLog = (id: string) =>
    db
      .selectFrom('activityLogs')
      .selectAll()
      .where('activityType', '=', 'PointCloudLod')
      .where('referenceKey', '=', id)
      .executeTakeFirst();
  /** The scan's build work directories left under DATA_DIR/tmp/lod. */
  const workDirsOf = (id: string) => {
    const parent = path.join(api.config.dataDir, 'tmp', 'lod');
    return existsSync(parent)
      ? readdirSync(parent).filter((name) => name.startsWith(`${id}-`))
      : [];
  };
  /** GETs a presigned URL through the app (the embedded store serves it). */
  const download = (url: string, range?: string) => {
    const parsed = new URL(url);
    return api.app.inject({
      method: 'GET',
      url: parsed.pathname + parsed.search,
      headers: { host: parsed.host, ...(range ? { range } : {}) },
    });
  };

  beforeAll(async () => {
    api = await startTestApi(kind);
    db = api.database.db;
    storage = createObjectStorage(api.config);
    orgA = await factories.organization(db);
    const orgB = await factories.organization(db);
    userA = await factories.user(db, orgA.id);
    userB = await factories.user(db, orgB.id);
    await factories.device(db, orgA.id, DEVICE);
    const key = await uploadPackage(storage, orgA.id, generated.luxlzPath);
    await ingestNow(db, api.config, { key, organizationId: orgA.id, userId: userA.id });
    scanId = generated.manifest.scans[0]!.id;
  }, 120_000);
  afterAll(async () => api?.close());

  it('builds the level of detail of an ingested scan beside its cloud', async () => {
    const artifact = await pointcloudArtifact(scanId);
    const lod = lodRecordOf(artifact.parameters);
    const pointCount = generated.manifest.scans[0]!.pointCount;
    expect(lod).toMatchObject({ format: 'potree-2.0', pointCount });
    expect(lod!.crs).toMatch(/^\+proj=utm \+zone=\d+ \+datum=WGS84/);
    expect(lod!.prefix).toMatch(new RegExp(`^org-${orgA.id}/project-none/scans/${scanId}/lod/$`));
    const stored = [];
    for await (const object of storage.list(lod!.prefix))
      stored.push(object.key.slice(lod!.prefix.length));
    expect(stored.sort()).toEqual(['hierarchy.bin', 'metadata.json', 'octree.bin']);

    const log = await lodLog(scanId);
    expect(log).toMatchObject({ status: 'Completed', organizationId: orgA.id, userId: userA.id });
    expect(log!.message).toMatch(
      new RegExp(
        `^Built the level of detail of scan ${scanId}: ${pointCount.toLocaleString('en-US')} points`,
      ),
    );
    expect(log!.metrics).toMatchObject({ points: pointCount });
    expect((log!.metrics as { seconds: number }).seconds).toBeGreaterThanOrEqual(0);
    // The work files are gone once the build is recorded.
    expect(workDirsOf(scanId)).toEqual([]);
  });

  it('changes nothing when the build runs again, and queues nothing for a current build', async () => {
    const artifact = await pointcloudArtifact(scanId);
    const lod = lodRecordOf(artifact.parameters)!;
    const objects = async () => {
      const list = [];
      for await (const object of storage.list(lod.prefix)) list.push(object);
      return list;
    };
    const before = { artifact, objects: await objects(), log: await lodLog(scanId) };

    expect(
      await enqueuePointCloudLod(
        db,
        { scanId, organizationId: orgA.id, userId: userA.id },
        'background',
      ),
    ).toEqual({ id: null, created: false });
    await enqueueJob(db, buildPointCloudLodJob, {
      scanId,
      organizationId: orgA.id,
      userId: userA.id,
    });
    expect(await drainJobs(db, api.config)).toBe(1);
    const jobs = await jobRepository.list(db, BUILD_POINT_CLOUD_LOD_KIND);
    expect(jobs.at(-1)).toMatchObject({ status: 'done' });

    expect(await pointcloudArtifact(scanId)).toEqual(before.artifact);
    expect(await objects()).toEqual(before.objects);
    expect(await lodLog(scanId)).toEqual(before.log);
  });

  it('logs Completed when a retry finds the build its killed worker recorded but never logged', async () => {
    // The worker died between recording the build and logging it: the entry still says Started.
    await db
      .updateTable('activityLogs')
      .set({ status: 'Started', completed: null })
      .where('activityType', '=', 'PointCloudLod')
      .where('referenceKey', '=', scanId)
      .execute();
    const { id } = await enqueueJob(db, buildPointCloudLodJob, {
      scanId,
      organizationId: orgA.id,
      userId: userA.id,
    });
    await db
      .withTables<{
        jobs: { id: number; status: string; attempts: number; lockedBy: string; lockedUntil: Date };
      }>()
      .updateTable('jobs')
      .set({ status: 'running', attempts: 1, lockedBy: 'killed-worker', lockedUntil: new Date(0) })
      .where('id', '=', id)
      .execute();

    expect(await drainJobs(db, api.config)).toBe(1);
    expect(await jobRepository.findById(db, id)).toMatchObject({ status: 'done', attempts: 2 });
    expect(await lodLog(scanId)).toMatchObject({ status: 'Completed' });
  });

  it('streams the three objects through presigned links of its own organization', async () => {
    const result = await api.graphql<{ pointCloudStreams: Stream[] }>(userA, STREAMS, {
      ids: [scanId],
    });
    expect(result.errors).toBeUndefined();
    const [stream] = result.data!.pointCloudStreams;
    const lod = lodRecordOf((await pointcloudArtifact(scanId)).parameters)!;
    expect(stream).toMatchObject({
      scanId,
      status: 'ready',
      format: 'potree-2.0',
      crs: lod.crs,
      pointCount: lod.pointCount,
    });
    const expires = new Date(stream!.expiresAt!).getTime() - Date.now();
    expect(expires).toBeGreaterThan(0);
    expect(expires).toBeLessThanOrEqual(15 * 60 * 1000);
    for (const [url, file] of [
      [stream!.metadataUrl, 'metadata.json'],
      [stream!.hierarchyUrl, 'hierarchy.bin'],
      [stream!.octreeUrl, 'octree.bin'],
    ] as const) {
      expect(url).toContain(`${lod.prefix}${file}`);
      expect(url).toMatch(/X-Amz-Expires=(\d+)/);
      expect(Number(/X-Amz-Expires=(\d+)/.exec(url!)![1])).toBeLessThanOrEqual(900);
    }
    const metadata = (await download(stream!.metadataUrl!)).json();
    expect(metadata).toMatchObject({ version: '2.0', encoding: 'BROTLI', points: lod.pointCount });
    expect(metadata.projection).toBe(lod.crs);
    const part = await download(stream!.octreeUrl!, 'bytes=0-99');
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.length).toBe(100);
  });

  it("answers 'Not found' for another organization's scan, alone or among own scans", async () => {
    for (const ids of [[scanId], [scanId, 'SC-none']]) {
      const foreign = await api.graphql(userB, STREAMS, { ids });
      expect(foreign.data).toBeNull();
      expect(foreign.errors?.[0]).toMatchObject({ extensions: { code: 'NOT_FOUND' } });
    }
    const missing = await api.graphql(userA, STREAMS, { ids: [scanId, 'SC-none'] });
    expect(missing.errors?.[0]?.message).toBe(
      (await api.graphql(userB, STREAMS, { ids: [scanId] })).errors?.[0]?.message,
    );
    const profile = await api.graphql(userB, PROFILE, {
      input: {
        scanIds: [scanId],
        line: [
          [0, 0],
          [0.001, 0.001],
        ],
      },
    });
    expect(profile.errors?.[0]).toMatchObject({ extensions: { code: 'NOT_FOUND' } });
    const tooMany = await api.graphql(userA, STREAMS, {
      ids: Array.from({ length: 41 }, (_, i) => `SC-${i}`),
    });
    expect(tooMany.errors?.[0]?.message).toBe('Choose at most 40 scans');
  });

  it('profiles the cloud along a line across the scan path', async () => {
    const scan = await db
      .selectFrom('scans')
      .select('simplePath')
      .where('id', '=', scanId)
      .executeTakeFirstOrThrow();
    const coordinates = scan.simplePath!.coordinates as [number, number][];
    const line = [coordinates[0]!, coordinates.at(-1)!];
    const result = await api.graphql<{
      elevationProfile: {
        points: [number, number, number, number][];
        lengthMetres: number;
        pointCount: number;
        truncated: boolean;
      };
    }>(userA, PROFILE, { input: { scanIds: [scanId], line, corridorWidth: 4 } });
    expect(result.errors).toBeUndefined();
    const profile = result.data!.elevationProfile;
    expect(profile.pointCount).toBeGreaterThan(100);
    expect(profile.points).toHaveLength(profile.pointCount);
    expect(profile.truncated).toBe(false);
    expect(profile.lengthMetres).toBeGreaterThan(0);
    for (let i = 1; i < profile.points.length; i++) {
      expect(profile.points[i]![0]).toBeGreaterThanOrEqual(profile.points[i - 1]![0]);
    }
    for (const [along, , lon, lat] of profile.points) {
      expect(along).toBeGreaterThanOrEqual(0);
      expect(along).toBeLessThanOrEqual(profile.lengthMetres + 2);
      expect(Math.abs(lon - line[0]![0])).toBeLessThan(0.1);
      expect(Math.abs(lat - line[0]![1])).toBeLessThan(0.1);
    }
  });

  it('refuses profiles with bad input or clouds not ready, with clear messages', async () => {
    const ask = async (input: Record<string, unknown>) =>
      (await api.graphql(userA, PROFILE, { input: { scanIds: [scanId], ...input } })).errors?.[0]
        ?.message;
    expect(await ask({ line: [[-123, 44]] })).toBe('The profile line needs at least 2 vertices');
    const line = [
      [-123, 44],
      [-123.001, 44.001],
    ];
    expect(await ask({ line, corridorWidth: 60 })).toBe(
      'The corridor width must be between 0.1 and 50 metres',
    );
    expect(await ask({ line, corridorWidth: 0.05 })).toBe(
      'The corridor width must be between 0.1 and 50 metres',
    );
    const bare = await scanFactories.scan(db, orgA.id);
    const result = await api.graphql(userA, PROFILE, {
      input: { scanIds: [scanId, bare.id], line },
    });
    expect(result.errors?.[0]?.message).toBe(
      `Scan ${bare.id} has no stored point cloud for a profile`,
    );
    const streams = await api.graphql<{ pointCloudStreams: Stream[] }>(userA, STREAMS, {
      ids: [bare.id],
    });
    expect(streams.data!.pointCloudStreams[0]).toMatchObject({
      status: 'missing',
      metadataUrl: null,
    });
  });

  /** A new scan of organization A with the fixture cloud stored as each of these versions. */
  const scanWithVersions = async (versions: readonly string[]) => {
    const laz = readFileSync(path.join(FIXTURES, 'pointcloud/autzen_trim.laz'));
    const scan = await scanFactories.scan(db, orgA.id);
    for (const version of versions) {
      const key = objectKey({
        organizationId: orgA.id,
        kind: 'scans',
        name: `${scan.id}/versions/${version}/pointcloud.laz`,
      });
      await storage.putStream(key, Readable.from([laz]), { size: laz.length });
      await db
        .insertInto('artifacts')
        .values({
          scanId: scan.id,
          artifactType: 'pointcloud',
          name: version,
          s3Url: `s3://portal/${key}`,
          size: laz.length,
          status: 'final',
          parameters: JSON.stringify({}),
        })
        .execute();
    }
    return scan.id;
  };
  const chooseVersion = (id: string, version: string) =>
    db.updateTable('scans').set({ defaultVersion: version }).where('id', '=', id).execute();
  /** The cloud the recorded build of this version was made from (null: no build recorded). */
  const builtFrom = async (id: string, version: string) => {
    const artifact = await db
      .selectFrom('artifacts')
      .select(['s3Url', 'parameters'])
      .where('scanId', '=', id)
      .where('name', '=', version)
      .executeTakeFirstOrThrow();
    const lod = lodRecordOf(artifact.parameters);
    return lod ? { built: lod.source.s3Url, cloud: artifact.s3Url } : null;
  };
  const requestOf = (id: string) => ({ scanId: id, organizationId: orgA.id, userId: userA.id });

  it('logs a queued build as Submitted, then Completed, also when its cloud turns out current', async () => {
    const id = await scanWithVersions(['v1', 'v2']);
    await chooseVersion(id, 'v1');
    expect(await enqueuePointCloudLod(db, requestOf(id), 'background')).toMatchObject({
      created: true,
    });
    expect(await lodLog(id)).toMatchObject({
      status: 'Submitted',
      message: `The level of detail of scan ${id} is queued`,
      organizationId: orgA.id,
      userId: userA.id,
      started: null,
    });
    expect(await drainJobs(db, api.config)).toBe(1);
    expect(await lodLog(id)).toMatchObject({ status: 'Completed' });

    // v2 is chosen, then v1 again before the build ran: v1's build is still current.
    await chooseVersion(id, 'v2');
    expect(await enqueuePointCloudLod(db, requestOf(id), 'background')).toMatchObject({
      created: true,
    });
    await chooseVersion(id, 'v1');
    expect(await lodLog(id)).toMatchObject({ status: 'Submitted' });
    expect(await drainJobs(db, api.config)).toBe(1);
    const log = await lodLog(id);
    expect(log).toMatchObject({ status: 'Completed' });
    expect(log!.message).toMatch(new RegExp(`^Built the level of detail of scan ${id}: `));
    expect(await builtFrom(id, 'v2')).toBeNull();

    // Each build has its entry: the first one's Completed is kept, not rewritten by the second.
    const entries = await db
      .selectFrom('activityLogs')
      .select(['referenceKey', 'status', 'payload'])
      .where('activityType', '=', 'PointCloudLod')
      .where('referenceKey', 'like', `${id}%`)
      .orderBy('id')
      .execute();
    expect(entries.map((entry) => entry.status)).toEqual(['Completed', 'Completed']);
    const firstJob = (entries[0]!.payload as { jobId: number }).jobId;
    expect(entries.map((entry) => entry.referenceKey)).toEqual([`${id}#job-${firstJob}`, id]);
    expect((entries[1]!.payload as { jobId: number }).jobId).not.toBe(firstJob);
  });

  it('starts a queued build at once on an idle runner, not at its next poll', async () => {
    const runner = startJobRunner({
      db,
      config: api.config,
      jobs: [buildPointCloudLodJob],
      pollMs: 60_000,
    });
    try {
      await new Promise((resolve) => setTimeout(resolve, 100));
      const id = await scanWithVersions(['v1']);
      await chooseVersion(id, 'v1');
      const started = Date.now();
      await enqueuePointCloudLod(db, requestOf(id), 'background');
      while ((await lodLog(id))?.status !== 'Completed') {
        if (Date.now() - started > 10_000) throw new Error('the build was not started');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    } finally {
      await runner.stop();
    }
  });

  it("builds again when the scan's default cloud was replaced during its build", async () => {
    const id = await scanWithVersions(['v1', 'v2']);
    await chooseVersion(id, 'v1');
    await enqueuePointCloudLod(db, requestOf(id), 'background');
    let requestedDuringBuild: { id: number | null; created: boolean } | undefined;
    vi.mocked(buildScanLod).mockImplementationOnce(async (...args) => {
      const outcome = await actualBuildScanLod(...args);
      // A trajectory run passed meanwhile: its version became the default, and its build was
      // asked for while this one still ran.
      await chooseVersion(id, 'v2');
      requestedDuringBuild = await enqueuePointCloudLod(db, requestOf(id), 'background');
      return outcome;
    });

    expect(await drainJobs(db, api.config)).toBe(1);
    expect(requestedDuringBuild).toEqual({ id: expect.any(Number), created: false });
    for (const version of ['v1', 'v2']) {
      const lod = await builtFrom(id, version);
      expect(lod?.built).toBe(lod?.cloud);
    }
    expect(await lodLog(id)).toMatchObject({ status: 'Completed' });
    const streams = await api.graphql<{ pointCloudStreams: Stream[] }>(userA, STREAMS, {
      ids: [id],
    });
    expect(streams.data!.pointCloudStreams[0]).toMatchObject({ status: 'ready' });
    expect(streams.data!.pointCloudStreams[0]!.metadataUrl).toContain(`${id}/versions/v2/lod/`);
  });

  it("records a reprojected version in its pipeline's CRS, not the scan's, and mends an old record", async () => {
    const id = await scanWithVersions(['unclassified', 'utm11']);
    await db
      .updateTable('scans')
      .set({ metadata: JSON.stringify({ crs: 'EPSG:32610' }) })
      .where('id', '=', id)
      .execute();
    // The pipeline run recorded its output CRS, a reprojection's out_srs.
    await db
      .updateTable('artifacts')
      .set({ parameters: JSON.stringify({ srs: 'EPSG:32611' }) })
      .where('scanId', '=', id)
      .where('name', '=', 'utm11')
      .execute();
    const lodCrs = async (version: string) => {
      await chooseVersion(id, version);
      await actualBuildScanLod(
        { db, config: api.config, storage },
        { scanId: id, organizationId: orgA.id },
        async () => {},
      );
      const artifact = await db
        .selectFrom('artifacts')
        .select('parameters')
        .where('scanId', '=', id)
        .where('name', '=', version)
        .executeTakeFirstOrThrow();
      return lodRecordOf(artifact.parameters)?.crs;
    };
    expect(await lodCrs('unclassified')).toBe(epsgDefinition(32610));
    expect(await lodCrs('utm11')).toBe(epsgDefinition(32611));

    // A build recorded before, in the scan's CRS, is made again though its cloud is unchanged.
    const artifact = await db
      .selectFrom('artifacts')
      .select(['id', 'parameters'])
      .where('scanId', '=', id)
      .where('name', '=', 'utm11')
      .executeTakeFirstOrThrow();
    const parameters = artifact.parameters as { lod: { crs: string } };
    await db
      .updateTable('artifacts')
      .set({
        parameters: JSON.stringify({
          ...parameters,
          lod: { ...parameters.lod, crs: epsgDefinition(32610) },
        }),
      })
      .where('id', '=', artifact.id)
      .execute();
    // The 3D view is told the version's CRS at once (the octree is the same either way)...
    const streams = await api.graphql<{ pointCloudStreams: Stream[] }>(userA, STREAMS, {
      ids: [id],
    });
    expect(streams.data!.pointCloudStreams[0]!.crs).toBe(epsgDefinition(32611));
    // ...and the next build requested records it.
    expect(await lodCrs('utm11')).toBe(epsgDefinition(32611));
  });

  it('fails a corrupt point cloud with a clear activity-log message and records nothing', async () => {
    const laz = readFileSync(path.join(FIXTURES, 'pointcloud/autzen_trim.laz'));
    const cases = [
      {
        name: 'pointcloud.las',
        bytes: Buffer.from('not a point cloud at all'),
        message: /Not a LAS file/,
      },
      {
        name: 'pointcloud.laz',
        bytes: laz.subarray(0, laz.length >> 1),
        message: /The LAZ point data cannot be decoded \(corrupt or truncated file\)/,
      },
    ];
    for (const { name, bytes, message } of cases) {
      const scan = await scanFactories.scan(db, orgA.id);
      const key = objectKey({ organizationId: orgA.id, kind: 'scans', name: `${scan.id}/${name}` });
      await storage.putStream(key, Readable.from([bytes]), { size: bytes.length });
      await db
        .insertInto('artifacts')
        .values({
          scanId: scan.id,
          artifactType: 'pointcloud',
          name: 'unclassified',
          s3Url: `s3://portal/${key}`,
          size: bytes.length,
          parameters: JSON.stringify({ points: 1 }),
        })
        .execute();
      await enqueuePointCloudLod(
        db,
        { scanId: scan.id, organizationId: orgA.id, userId: userA.id },
        'background',
      );
      expect(await drainJobs(db, api.config)).toBe(1);

      const log = await lodLog(scan.id);
      expect(log?.status).toBe('Failed');
      expect(log?.message).toMatch(new RegExp(`^Scan ${scan.id}: level-of-detail build failed: `));
      expect(log?.message).toMatch(message);
      expect((await pointcloudArtifact(scan.id)).parameters).toEqual({ points: 1 });
      const written = [];
      for await (const object of storage.list(
        `org-${orgA.id}/project-none/scans/${scan.id}/lod/`,
      )) {
        written.push(object.key);
      }
      expect(written).toEqual([]);
      const streams = await api.graphql<{ pointCloudStreams: Stream[] }>(userA, STREAMS, {
        ids: [scan.id],
      });
      expect(streams.data!.pointCloudStreams[0]!.status).toBe('failed');
      // The profile says what the 3D view says.
      const profile = await api.graphql(userA, PROFILE, {
        input: {
          scanIds: [scan.id],
          line: [
            [-123, 44],
            [-123.001, 44.001],
          ],
        },
      });
      expect(profile.errors?.[0]?.message).toBe(
        `The point cloud of scan ${scan.id} could not be prepared for profiles`,
      );
      // A permanent failure leaves no work files behind either.
      expect(workDirsOf(scan.id)).toEqual([]);
    }
  });
});
