import { createReadStream, createWriteStream, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { PIPELINE_KEPT_NO_POINTS, VERSION_NAME_INVALID } from '@asset-portal/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../../test/api.ts';
import { DATABASE_KINDS } from '../../../test/databases.ts';
import { factories } from '../../../test/factories.ts';
import { scanFactories } from '../../../test/factories-scans.ts';
import { drainJobs } from '../../../test/ingestion-test-kit.ts';
import type { Db } from '../../db/database.ts';
import type { UserRow } from '../../db/schema.ts';
import { GROUND_CLASSIFICATION_PIPELINE } from '../../demo/demo-catalog.ts';
import { withJobTables } from '../../jobs/job-tables.ts';
import { type LasHeader, readLasFileHeader } from '../../lib/las/las-header.ts';
import { pointRecordChunks } from '../../lib/las/las-reader.ts';
import { createObjectStorage } from '../../storage/create-object-storage.ts';
import { readBytes } from '../../storage/object-bytes.ts';
import { objectKey } from '../../storage/object-key.ts';
import type { ObjectStorage } from '../../storage/storage.ts';
import { storageUrl } from '../ingestion/ingestion-context.ts';

const FIXTURES = path.resolve(
  process.env.FIXTURES_DIR ?? path.join(import.meta.dirname, '../../../../../../shared/fixtures'),
  'pointcloud',
);
const CLOUD = path.join(FIXTURES, 'autzen_trim.las');
const work = mkdtempSync(path.join(tmpdir(), 'scan-processing-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

interface Box {
  xmin: number;
  xmax: number;
  ymin: number;
  ymax: number;
}

/** What a crop must keep: the points inside the box (edges inclusive) and their bounds. */
async function expectedCrop(file: string, box: Box) {
  const header = await readLasFileHeader(file);
  let count = 0;
  const min = [Infinity, Infinity, Infinity];
  const max = [-Infinity, -Infinity, -Infinity];
  for await (const chunk of pointRecordChunks(file, header)) {
    const view = new DataView(chunk.bytes.buffer, chunk.bytes.byteOffset, chunk.bytes.byteLength);
    for (let i = 0; i < chunk.count; i++) {
      const base = i * chunk.recordLength;
      const p = [
        view.getInt32(base, true) * header.scale.x + header.offset.x,
        view.getInt32(base + 4, true) * header.scale.y + header.offset.y,
        view.getInt32(base + 8, true) * header.scale.z + header.offset.z,
      ] as [number, number, number];
      if (p[0] < box.xmin || p[0] > box.xmax || p[1] < box.ymin || p[1] > box.ymax) continue;
      count++;
      for (let k = 0; k < 3; k++) {
        min[k] = Math.min(min[k]!, p[k]!);
        max[k] = Math.max(max[k]!, p[k]!);
      }
    }
  }
  return { count, min, max };
}

const cropPipeline = (box: Box) =>
  JSON.stringify({
    pipeline: [
      { type: 'readers.las', filename: 'input.las' },
      {
        type: 'filters.crop',
        bounds: `([${box.xmin}, ${box.xmax}], [${box.ymin}, ${box.ymax}])`,
      },
      { type: 'writers.las', filename: 'output.las' },
    ],
  });

const PROCESS = `mutation($s: ProcessingSubmission!) { processScans(submission: $s) { submitted } }`;

describe.each(DATABASE_KINDS)('post-processing and scan maintenance on %s', (kind) => {
  let api: TestApi;
  let db: Db;
  let storage: ObjectStorage;
  let organizationId: number;
  let projectId: number;
  let power: UserRow;
  let standard: UserRow;
  let stranger: UserRow;
  let header: LasHeader;
  let middle: Box;

  /** A scan of the project with the fixture cloud stored in its folder as a final artifact. */
  async function scanWithCloud() {
    const scan = await scanFactories.scan(db, organizationId, { projectId });
    const key = objectKey({
      organizationId,
      projectId,
      kind: 'scans',
      name: `${scan.id}/pointcloud.las`,
    });
    const size = (await stat(CLOUD)).size;
    await storage.putStream(key, createReadStream(CLOUD), { size });
    const artifact = await db
      .insertInto('artifacts')
      .values({
        scanId: scan.id,
        artifactType: 'pointcloud',
        name: 'unclassified',
        s3Url: storageUrl(api.config, key),
        size,
        status: 'final',
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return { scan, artifact, key };
  }

  const submit = (user: UserRow, artifactIds: (number | string)[], name: string, text: string) =>
    api.graphql<{ processScans: { submitted: number } }>(user, PROCESS, {
      s: { artifactIds: artifactIds.map(String), name, pipeline: text },
    });
  const processJobs = () =>
    withJobTables(db).selectFrom('jobs').select('id').where('kind', '=', 'process-scan').execute();
  const activity = (scanId: string, name: string) =>
    db
      .selectFrom('activityLogs')
      .selectAll()
      .where('activityType', '=', 'ScanProcessing')
      .where('referenceKey', '=', `org-${organizationId}/process-${scanId}-${name}`)
      .executeTakeFirst();
  const version = (scanId: string, name: string) =>
    db
      .selectFrom('artifacts')
      .selectAll()
      .where('scanId', '=', scanId)
      .where('name', '=', name)
      .executeTakeFirst();
  const keysUnder = async (prefix: string) => {
    const keys: string[] = [];
    for await (const object of storage.list(prefix)) keys.push(object.key);
    return keys;
  };
  const scanFolder = (scanId: string) =>
    `${objectKey({ organizationId, projectId, kind: 'scans', name: scanId })}/`;
  /** GETs a presigned URL through the app (the embedded store serves it). */
  const download = (url: string) => {
    const parsed = new URL(url);
    return api.app.inject({
      method: 'GET',
      url: parsed.pathname + parsed.search,
      headers: { host: parsed.host },
    });
  };

  beforeAll(async () => {
    api = await startTestApi(kind);
    db = api.database.db;
    storage = createObjectStorage(api.config);
    const organization = await factories.organization(db);
    organizationId = organization.id;
    projectId = (await factories.project(db, organizationId)).id;
    power = await factories.user(db, organizationId, 'Power User');
    standard = await factories.user(db, organizationId, 'Standard');
    stranger = await factories.user(db, (await factories.organization(db)).id, 'Power User');
    header = await readLasFileHeader(CLOUD);
    const dx = (header.max.x - header.min.x) / 4;
    const dy = (header.max.y - header.min.y) / 4;
    middle = {
      xmin: header.min.x + dx,
      xmax: header.max.x - dx,
      ymin: header.min.y + dy,
      ymax: header.max.y - dy,
    };
  });
  afterAll(async () => api?.close());

  it('crops a scan into a new version, queues its level of detail and logs each step', async () => {
    const { scan, artifact } = await scanWithCloud();
    const expected = await expectedCrop(CLOUD, middle);
    expect(expected.count).toBeGreaterThan(1000);
    expect(expected.count).toBeLessThan(header.pointCount);

    const submitted = await submit(power, [artifact.id], 'crop-1', cropPipeline(middle));
    expect(submitted.errors).toBeUndefined();
    expect(submitted.data?.processScans.submitted).toBe(1);
    expect((await activity(scan.id, 'crop-1'))?.status).toBe('Submitted');

    await drainJobs(db, api.config);

    const made = await version(scan.id, 'crop-1');
    expect(made).toMatchObject({ artifactType: 'pointcloud', status: 'final' });
    const parameters = made!.parameters as {
      points: number;
      bounds: { min: number[]; max: number[] };
      pipeline: string;
      source_artifact_id: number;
    };
    expect(parameters.points).toBe(expected.count);
    expect(parameters.source_artifact_id).toBe(artifact.id);
    expect(parameters.pipeline).toBe(cropPipeline(middle));
    for (let k = 0; k < 3; k++) {
      expect(parameters.bounds.min[k]).toBeCloseTo(expected.min[k]!, 2);
      expect(parameters.bounds.max[k]).toBeCloseTo(expected.max[k]!, 2);
    }
    // The stored object is the cropped cloud, in the scan's own folder, named by the version.
    const key = `${scanFolder(scan.id)}versions/crop-1/pointcloud.las`;
    expect(made!.s3Url).toBe(storageUrl(api.config, key));
    const local = path.join(work, `${scan.id}-crop-1.las`);
    await pipeline(await storage.getStream(key), createWriteStream(local));
    const out = await readLasFileHeader(local);
    expect(out.pointCount).toBe(expected.count);
    expect(Number(made!.size)).toBe((await stat(local)).size);

    const lod = await withJobTables(db)
      .selectFrom('jobs')
      .select(['payload', 'lane'])
      .where('kind', '=', 'build-point-cloud-lod')
      .execute();
    const build = lod.find((job) => (job.payload as { scanId: string }).scanId === scan.id);
    expect(build?.lane).toBe('interactive');
    // The new version is the one the viewer now shows (and the LOD job builds).
    const shown = await db
      .selectFrom('scans')
      .select('defaultVersion')
      .where('id', '=', scan.id)
      .executeTakeFirstOrThrow();
    expect(shown.defaultVersion).toBe('crop-1');
    const done = await activity(scan.id, 'crop-1');
    expect(done?.status).toBe('Completed');
    expect(done?.message).toContain(expected.count.toLocaleString('en-US'));
    expect(done?.userId).toBe(power.id);
    // Its log names the stages and the version they ran on, then the steps, then the outcome.
    const log = (
      await readBytes(storage, done!.logFileUrl!.replace(/^s3:\/\/[^/]+\//, ''))
    ).toString();
    const steps = log
      .split('\n')
      .filter((line) => /^\d{4}-/.test(line))
      .map((line) => line.slice(22));
    expect(steps[0]).toBe(`Started: Processing scan ${scan.id} as version crop-1`);
    expect(steps[1]).toBe(
      `Running readers.las → filters.crop → writers.las on version unclassified of scan ${scan.id}`,
    );
    expect(steps.some((step) => step.startsWith('Completed: Processed scan'))).toBe(true);
  }, 120_000);

  it('refuses bad submissions before queueing anything', async () => {
    const { scan, artifact } = await scanWithCloud();
    const other = await scanWithCloud();
    const image = await scanFactories.artifact(db, scan.id, {
      artifactType: 'center_cam',
      name: 'center',
    });
    const good = cropPipeline(middle);
    const before = (await processJobs()).length;
    const message = async (result: Promise<{ errors?: { message: string }[] }>) =>
      (await result).errors?.[0]?.message;

    expect(await message(submit(power, [artifact.id], 'v2', '{ not json'))).toMatch(/JSON/i);
    expect(
      await message(submit(power, [artifact.id], 'v2', '[{"type":"filters.nonsense"}]')),
    ).toMatch(/filters\.nonsense/);
    expect(
      await message(submit(power, [artifact.id, other.artifact.id], 'unclassified', good)),
    ).toBe(`Version unclassified already exists on scan ${scan.id}`);
    // Case alone does not make another version: both would read as 'unclassified'.
    expect(await message(submit(power, [artifact.id], 'UnClassified', good))).toBe(
      `Version UnClassified already exists on scan ${scan.id}`,
    );
    expect(await message(submit(power, [artifact.id], '../escape', good))).toBe(
      VERSION_NAME_INVALID,
    );
    expect(await message(submit(power, [artifact.id], '..', good))).toBe(VERSION_NAME_INVALID);
    expect(await message(submit(power, [artifact.id], 'x'.repeat(65), good))).toBe(
      VERSION_NAME_INVALID,
    );
    expect(await message(submit(power, [artifact.id], '  ', good))).toBe('Value is required');
    expect(await message(submit(power, [], 'v2', good))).toBe('Value is required');
    expect(await message(submit(power, [image.id], 'v2', good))).toMatch(/is not a point cloud/);
    const second = await db
      .insertInto('artifacts')
      .values({ scanId: scan.id, artifactType: 'pointcloud', name: 'other', s3Url: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(await message(submit(power, [artifact.id, second.id], 'v2', good))).toMatch(
      /submitted twice/,
    );

    const foreign = await submit(stranger, [artifact.id], 'v2', good);
    const missing = await submit(stranger, [999_999_999], 'v2', good);
    expect(foreign.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect(foreign.errors).toEqual(missing.errors);
    expect(await message(submit(power, ['abc'], 'v2', good))).toMatch(/Invalid id/);
    const refused = await submit(standard, [artifact.id], 'v2', good);
    expect(refused.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');

    expect((await processJobs()).length).toBe(before);
    expect(await activity(scan.id, 'v2')).toBeUndefined();
  });

  it('fails a crop that keeps no points, leaving no artifact and no object', async () => {
    const { scan, artifact } = await scanWithCloud();
    const away: Box = {
      xmin: header.max.x + 1000,
      xmax: header.max.x + 2000,
      ymin: header.max.y + 1000,
      ymax: header.max.y + 2000,
    };
    const submitted = await submit(power, [artifact.id], 'empty', cropPipeline(away));
    expect(submitted.errors).toBeUndefined();
    await drainJobs(db, api.config);

    const entry = await activity(scan.id, 'empty');
    expect(entry?.status).toBe('Failed');
    expect(entry?.message).toContain(PIPELINE_KEPT_NO_POINTS(scan.id));
    expect(await version(scan.id, 'empty')).toBeUndefined();
    expect(await keysUnder(`${scanFolder(scan.id)}versions/`)).toEqual([]);
    // The name is free again: a corrected pipeline may use it.
    const again = await submit(power, [artifact.id], 'empty', cropPipeline(middle));
    expect(again.data?.processScans.submitted).toBe(1);
  });

  it("classifies a scan's ground with the demo's Ground classification pipeline", async () => {
    const { scan, artifact } = await scanWithCloud();
    const submitted = await submit(power, [artifact.id], 'ground', GROUND_CLASSIFICATION_PIPELINE);
    expect(submitted.errors).toBeUndefined();
    await drainJobs(db, api.config);
    expect((await activity(scan.id, 'ground'))?.status).toBe('Completed');

    const key = `${scanFolder(scan.id)}versions/ground/pointcloud.las`;
    const local = path.join(work, `${scan.id}-ground.las`);
    await pipeline(await storage.getStream(key), createWriteStream(local));
    const classes = async (file: string) => {
      const counts = new Map<number, number>();
      const fileHeader = await readLasFileHeader(file);
      for await (const chunk of pointRecordChunks(file, fileHeader)) {
        for (let i = 0; i < chunk.count; i++) {
          const value = chunk.bytes[i * chunk.recordLength + 15]! & 31;
          counts.set(value, (counts.get(value) ?? 0) + 1);
        }
      }
      return counts;
    };
    const before = await classes(CLOUD);
    const after = await classes(local);
    // Every point kept; noise marked 7, ground 2 (the survey's own ground and open ground it
    // left in class 1), the rest 1.
    expect([...after.values()].reduce((a, b) => a + b, 0)).toBe(header.pointCount);
    expect([...after.keys()].sort()).toEqual([1, 2, 7]);
    expect(after.get(2)!).toBeGreaterThan(before.get(2)!);
    expect(after.get(1)!).toBeGreaterThan(header.pointCount * 0.1);
    expect(after.get(7)!).toBeLessThan(header.pointCount * 0.05);
    // The log and the version's parameters count the classes as the file holds them.
    const message = (await activity(scan.id, 'ground'))?.message ?? '';
    for (const [code, name] of [
      [2, 'Ground'],
      [1, 'Unclassified'],
      [7, 'Low point (noise)'],
    ] as const) {
      expect(message).toContain(`${name} ${after.get(code)!.toLocaleString('en-US')}`);
    }
    const version = await db
      .selectFrom('artifacts')
      .select('parameters')
      .where('scanId', '=', scan.id)
      .where('name', '=', 'ground')
      .executeTakeFirstOrThrow();
    expect((version.parameters as { classes: Record<string, number> }).classes).toEqual(
      Object.fromEntries([...after].map(([code, count]) => [String(code), count])),
    );
  });

  it('refuses an artifact without a stored cloud at submission, queueing nothing', async () => {
    const { scan: stored, artifact: withCloud } = await scanWithCloud();
    const scan = await scanFactories.scan(db, organizationId, { projectId });
    // No address, and an address in a customer's bucket (as the demo's reference scans have).
    const bare = await db
      .insertInto('artifacts')
      .values({ scanId: scan.id, artifactType: 'pointcloud', name: 'unclassified' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const elsewhere = await db
      .insertInto('artifacts')
      .values({
        scanId: scan.id,
        artifactType: 'pointcloud',
        name: 'classified',
        s3Url: `s3://customer-bucket/${scan.id}/pointcloud.las`,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const before = (await processJobs()).length;
    for (const id of [bare.id, elsewhere.id]) {
      const refused = await submit(power, [withCloud.id, id], 'v3', cropPipeline(middle));
      expect(refused.errors?.[0]?.message).toBe(
        `Scan ${scan.id} has no stored point cloud to process`,
      );
    }
    // Several are named at once, so the selection can lose them in one go.
    const other = await scanFactories.scan(db, organizationId, { projectId });
    const otherCloud = await db
      .insertInto('artifacts')
      .values({ scanId: other.id, artifactType: 'pointcloud', name: 'unclassified' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const both = await submit(
      power,
      [bare.id, withCloud.id, otherCloud.id],
      'v3',
      cropPipeline(middle),
    );
    expect(both.errors?.[0]?.message).toBe(
      `Scans ${scan.id}, ${other.id} have no stored point cloud to process`,
    );
    expect((await processJobs()).length).toBe(before);
    expect(await activity(stored.id, 'v3')).toBeUndefined();
    expect(await activity(scan.id, 'v3')).toBeUndefined();
  });

  it('names the scans whose clouds the portal does not hold, for the dialogs to leave out', async () => {
    const { scan: stored } = await scanWithCloud();
    const reference = await scanFactories.scan(db, organizationId, { projectId });
    await db
      .insertInto('artifacts')
      .values({
        scanId: reference.id,
        artifactType: 'pointcloud',
        name: 'unclassified',
        s3Url: `s3://customer-bucket/${reference.id}/pointcloud.las`,
      })
      .execute();
    const bare = await scanFactories.scan(db, organizationId, { projectId });
    const QUERY = 'query($ids:[ID!]!){ scansWithoutStoredCloud(scanIds:$ids) }';
    const ask = (user: UserRow, ids: string[]) =>
      api.graphql<{ scansWithoutStoredCloud: string[] }>(user, QUERY, { ids });

    const answer = await ask(power, [reference.id, stored.id, bare.id, reference.id]);
    expect(answer.errors).toBeUndefined();
    expect(answer.data?.scansWithoutStoredCloud).toEqual([reference.id, bare.id]);
    expect((await ask(power, [stored.id])).data?.scansWithoutStoredCloud).toEqual([]);

    // Another organization's scan, an unknown one, a Standard user, no scan at all.
    expect((await ask(stranger, [stored.id])).errors?.[0]?.message).toBe(
      `Scan ${stored.id} not found`,
    );
    expect((await ask(power, [stored.id, 'LG9_nope'])).errors?.[0]?.message).toBe(
      'Scan LG9_nope not found',
    );
    expect((await ask(standard, [stored.id])).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect((await ask(power, [])).errors).toHaveLength(1);
  });

  it('fails the job whose cloud left the store after submission, with a clear reason', async () => {
    const { scan, artifact } = await scanWithCloud();
    expect((await submit(power, [artifact.id], 'v4', cropPipeline(middle))).errors).toBeUndefined();
    await db.updateTable('artifacts').set({ s3Url: null }).where('id', '=', artifact.id).execute();
    await drainJobs(db, api.config);
    const entry = await activity(scan.id, 'v4');
    expect(entry?.status).toBe('Failed');
    expect(entry?.message).toContain(`Scan ${scan.id} has no stored point cloud to process`);
    expect(await version(scan.id, 'v4')).toBeUndefined();
  });

  it('updates only the header fields given, within the project tag options', async () => {
    const { scan } = await scanWithCloud();
    await db
      .insertInto('artifacts')
      .values({ scanId: scan.id, artifactType: 'pointcloud', name: 'classified', s3Url: null })
      .execute();
    const update = (user: UserRow, variables: Record<string, unknown>) =>
      api.graphql<{ updateScanHeader: Record<string, unknown> }>(
        user,
        `mutation($id:ID!,$f:String,$c:String,$d:String,$t:[String!],$m:JSON){
          updateScanHeader(id:$id,friendlyName:$f,comment:$c,defaultVersion:$d,tags:$t,metadata:$m){
            id friendlyName comment defaultVersion tags metadata } }`,
        { id: scan.id, ...variables },
      );

    const renamed = await update(power, { f: 'Bridge deck', t: ['QA - OK'] });
    expect(renamed.errors).toBeUndefined();
    expect(renamed.data?.updateScanHeader).toMatchObject({
      friendlyName: 'Bridge deck',
      comment: null,
      defaultVersion: 'v1',
      tags: ['QA - OK'],
      metadata: { trajectory_orientation: 'forward' },
    });
    const commented = await update(power, { c: 'Rough', m: { reviewed: true } });
    expect(commented.data?.updateScanHeader).toMatchObject({
      friendlyName: 'Bridge deck',
      comment: 'Rough',
      tags: ['QA - OK'],
      metadata: { trajectory_orientation: 'forward', reviewed: true },
    });

    const badTag = await update(power, { t: ['QA - OK', 'Nice'] });
    expect(badTag.errors?.[0]?.message).toBe("Tag 'Nice' is not one of the project's tag options");
    const badVersion = await update(power, { d: 'nope' });
    expect(badVersion.errors?.[0]?.message).toBe(`Version nope does not exist on scan ${scan.id}`);
    const unchanged = await db
      .selectFrom('scans')
      .select(['tags', 'defaultVersion'])
      .where('id', '=', scan.id)
      .executeTakeFirstOrThrow();
    expect(unchanged).toEqual({ tags: ['QA - OK'], defaultVersion: 'v1' });

    const lodJobs = () =>
      withJobTables(db)
        .selectFrom('jobs')
        .select('payload')
        .where('kind', '=', 'build-point-cloud-lod')
        .execute()
        .then((rows) => rows.filter((r) => (r.payload as { scanId: string }).scanId === scan.id));
    const lodBefore = (await lodJobs()).length;
    const switched = await update(power, { d: 'classified' });
    expect(switched.data?.updateScanHeader.defaultVersion).toBe('classified');
    expect((await lodJobs()).length).toBe(lodBefore + 1);

    expect((await update(standard, { f: 'x' })).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const foreign = await update(stranger, { f: 'x' });
    expect(foreign.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    const after = await db
      .selectFrom('scans')
      .select('friendlyName')
      .where('id', '=', scan.id)
      .executeTakeFirstOrThrow();
    expect(after.friendlyName).toBe('Bridge deck');
  });

  it('deletes a scan with its rows and every stored object, and nothing of another scan', async () => {
    const { scan, artifact, key } = await scanWithCloud();
    const neighbour = await scanWithCloud();
    // A processed version, an image with a thumbnail, an annotation and a level-of-detail build.
    expect((await submit(power, [artifact.id], 'crop-d', cropPipeline(middle))).errors).toBe(
      undefined,
    );
    await drainJobs(db, api.config);
    expect(await version(scan.id, 'crop-d')).toBeDefined();
    const imageKey = `${scanFolder(scan.id)}images/center/1.jpg`;
    await storage.putStream(imageKey, createReadStream(CLOUD, { end: 99 }), { size: 100 });
    await storage.putStream(
      `${scanFolder(scan.id)}images/center/1.thumb.jpg`,
      createReadStream(CLOUD, { end: 9 }),
      { size: 10 },
    );
    await db
      .insertInto('images')
      .values({
        scanId: scan.id,
        frame: 1,
        lat: 44,
        lon: -123,
        centerImage: JSON.stringify({ s3Url: storageUrl(api.config, imageKey), jpegRotation: 0 }),
      })
      .execute();
    await scanFactories.annotation(db, scan.id, power.id);
    expect((await keysUnder(scanFolder(scan.id))).length).toBeGreaterThanOrEqual(4);
    const neighbourKeys = await keysUnder(scanFolder(neighbour.scan.id));

    const remove = (user: UserRow, id: string) =>
      api.graphql<{ deleteScan: boolean }>(user, 'mutation($id:ID!){ deleteScan(id:$id) }', {
        id,
      });
    expect((await remove(standard, scan.id)).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect((await remove(stranger, scan.id)).errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect(await storage.head(key)).not.toBeNull();

    const deleted = await remove(power, scan.id);
    expect(deleted.errors).toBeUndefined();
    expect(deleted.data?.deleteScan).toBe(true);
    expect(await keysUnder(scanFolder(scan.id))).toEqual([]);
    for (const table of ['artifacts', 'images', 'annotations'] as const) {
      const rows = await db.selectFrom(table).select('id').where('scanId', '=', scan.id).execute();
      expect(rows, table).toEqual([]);
    }
    expect(
      await db.selectFrom('scans').select('id').where('id', '=', scan.id).executeTakeFirst(),
    ).toBeUndefined();
    expect(await keysUnder(scanFolder(neighbour.scan.id))).toEqual(neighbourKeys);
    expect((await remove(power, scan.id)).errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  }, 120_000);

  it('signs the newest point cloud of a scan for download, byte for byte', async () => {
    const { scan } = await scanWithCloud();
    const query = `query($id:ID!){ getMostRecentArtifactForDownload(id:$id){
      artifactId artifactType name url filename } }`;
    const first = await api.graphql<{
      getMostRecentArtifactForDownload: { url: string; name: string; filename: string };
    }>(standard, query, { id: scan.id });
    expect(first.errors).toBeUndefined();
    const link = first.data!.getMostRecentArtifactForDownload;
    expect(link).toMatchObject({
      artifactType: 'pointcloud',
      name: 'unclassified',
      filename: `${scan.id}-unclassified.las`,
    });
    const response = await download(link.url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain(`${scan.id}-unclassified.las`);
    expect(Buffer.compare(response.rawPayload, readFileSync(CLOUD))).toBe(0);

    // A newer version is the one offered next.
    const newerKey = `${scanFolder(scan.id)}versions/newer/pointcloud.las`;
    const bytes = readFileSync(path.join(FIXTURES, 'simple.laz'));
    await storage.putStream(newerKey, createReadStream(path.join(FIXTURES, 'simple.laz')), {
      size: bytes.length,
    });
    await db
      .insertInto('artifacts')
      .values({
        scanId: scan.id,
        artifactType: 'pointcloud',
        name: 'newer',
        s3Url: storageUrl(api.config, newerKey),
        created: new Date(Date.now() + 60_000),
      })
      .execute();
    const second = await api.graphql<{
      getMostRecentArtifactForDownload: { url: string; name: string };
    }>(standard, query, { id: scan.id });
    expect(second.data?.getMostRecentArtifactForDownload.name).toBe('newer');
    const newer = await download(second.data!.getMostRecentArtifactForDownload.url);
    expect(Buffer.compare(newer.rawPayload, bytes)).toBe(0);

    const foreign = await api.graphql(stranger, query, { id: scan.id });
    const missing = await api.graphql(stranger, query, { id: 'NO-SUCH-SCAN' });
    expect(foreign.errors?.[0]?.message).toBe('Not found');
    expect(foreign.errors).toEqual(missing.errors);

    // Once the stored file is gone, it says so as processing and publishing do.
    await storage.delete(newerKey);
    await db
      .deleteFrom('artifacts')
      .where('scanId', '=', scan.id)
      .where('name', '=', 'unclassified')
      .execute();
    const gone = await api.graphql(standard, query, { id: scan.id });
    expect(gone.errors?.[0]?.message).toBe(`Scan ${scan.id} has no stored point cloud to download`);
  });
});
