import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { formatUtc } from '@asset-portal/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../../../test/databases.ts';
import { factories } from '../../../test/factories.ts';
import {
  drainJobs,
  ingestLog,
  ingestNow,
  snapshot,
  tamperPackage,
  uploadPackage,
} from '../../../test/ingestion-test-kit.ts';
import { type AppConfig, loadConfig } from '../../config/config.ts';
import type { Db } from '../../db/database.ts';
import {
  type GeneratedPackage,
  makePackage,
} from '../../device-packages/generator/make-package.ts';
import { parseGeneratorArgs } from '../../device-packages/generator/options.ts';
import { jobRepository } from '../../jobs/job.repository.ts';
import { jobDefinitions } from '../../jobs/job-registry.ts';
import { runNextJob } from '../../jobs/job-runner.ts';
import { withJobTables } from '../../jobs/job-tables.ts';
import { createLogger } from '../../lib/logger.ts';
import { createObjectStorage } from '../../storage/create-object-storage.ts';
import { readBytes } from '../../storage/object-bytes.ts';
import type { ObjectStorage } from '../../storage/storage.ts';
import { encodedViewerPath } from '../scan-summary/viewer-path.ts';
import { ingestPackageJob } from './ingest-package.job.ts';
import { enqueueIngestion } from './ingestion.queue.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'ingestion-'));
let withImages: GeneratedPackage;
let plain: GeneratedPackage;

beforeAll(async () => {
  const generate = (device: string, images: boolean) =>
    makePackage(
      parseGeneratorArgs([
        '--out',
        path.join(dir, device),
        '--device',
        device,
        '--scans',
        '2',
        '--target-size',
        '2MB',
        '--scan-seconds',
        '5',
        ...(images ? ['--images'] : []),
      ]),
    );
  withImages = await generate('LG-1001', true);
  plain = await generate('LG-2002', false);
}, 120_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe.each(DATABASE_KINDS)('package ingestion on %s', (kind) => {
  let database: TestDatabase;
  let db: Db;
  let config: AppConfig;
  let storage: ObjectStorage;
  let dataDir: string;
  let orgA: { id: number };
  let orgB: { id: number };
  let userA: { id: number };
  let userB: { id: number };
  let projectA: { id: number };

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    db = database.db;
    dataDir = mkdtempSync(path.join(tmpdir(), `ingestion-data-${kind}-`));
    config = loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'test', LOG_LEVEL: 'silent' });
    storage = createObjectStorage(config);
    orgA = await factories.organization(db);
    orgB = await factories.organization(db);
    userA = await factories.user(db, orgA.id);
    userB = await factories.user(db, orgB.id);
    await factories.device(db, orgA.id, 'LG-1001');
    await factories.device(db, orgB.id, 'LG-2002');
    projectA = await factories.project(db, orgA.id);
    await db
      .insertInto('deviceAssignments')
      .values({
        deviceId: 'LG-1001',
        projectId: projectA.id,
        fromTimestamp: new Date('2005-04-01T00:00:00Z'),
        toTimestamp: new Date('2005-04-03T00:00:00Z'),
      })
      .execute();
  });
  afterAll(async () => {
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** The messages of a job's log (its transcript), without their times and titles. */
  const logMessages = async (logFileUrl: string | null | undefined) => {
    expect(logFileUrl).toMatch(/^s3:\/\/portal\/org-\d+\/project-none\/logs\/jobs\//);
    const text = (await readBytes(storage, logFileUrl!.replace('s3://portal/', ''))).toString();
    return text
      .split('\n')
      .filter((line) => /^\d{4}-/.test(line))
      .map((line) => line.slice('2026-11-30 21:14:03Z  '.length));
  };

  const rejects = async (file: string, expected: RegExp) => {
    const key = await uploadPackage(storage, orgA.id, file);
    await ingestNow(db, config, { key, organizationId: orgA.id, userId: userA.id });
    const log = await ingestLog(db, key);
    expect(log?.status).toBe('Error');
    expect(log?.message).toMatch(expected);
    expect(log?.userId).toBe(userA.id);
    const state = await snapshot(db, orgA.id);
    expect(state.sessions).toHaveLength(0);
    expect(state.scans).toHaveLength(0);
    const jobs = await jobRepository.list(db, 'ingest-package');
    expect(jobs.at(-1)).toMatchObject({ status: 'failed', attempts: 1 });
    const written = [];
    for await (const object of storage.list(`org-${orgA.id}/project-${projectA.id}/`)) {
      written.push(object.key);
    }
    expect(written).toEqual([]);
  };

  it("rejects a package with a '../evil' entry, naming it, and writes nothing", async () => {
    const file = await tamperPackage(
      withImages.luxlzPath,
      path.join(dir, `evil-${kind}.luxlz`),
      (_, data) => data,
      [{ name: '../evil', data: Buffer.from('x') }],
    );
    await rejects(file, /\.\.\/evil leaves the package folder/);
  });

  it('rejects a package with a bad manifest', async () => {
    const file = await tamperPackage(
      withImages.luxlzPath,
      path.join(dir, `manifest-${kind}.luxlz`),
      (name, data) => {
        if (name !== 'manifest.json') return data;
        const manifest = JSON.parse(data.toString());
        manifest.sessionId = 'X'.repeat(40);
        return Buffer.from(JSON.stringify(manifest));
      },
    );
    await rejects(file, /Session id X+ is longer than 29 characters/);
  });

  it('rejects a package whose LAS header promises more points than the file holds', async () => {
    const cloud = withImages.manifest.scans[1]!.pointCloud;
    const file = await tamperPackage(
      withImages.luxlzPath,
      path.join(dir, `truncated-${kind}.luxlz`),
      (name, data) => (name === cloud ? data.subarray(0, data.length - 1000) : data),
    );
    await rejects(file, /LAS header says \d+ points of \d+ bytes but the file holds/);
  });

  it('keeps a .luxiz whose scans have not arrived and attaches it when they do', async () => {
    const luxizKey = await uploadPackage(storage, orgA.id, withImages.luxizPath!);
    await ingestNow(db, config, { key: luxizKey, organizationId: orgA.id, userId: userA.id });
    let log = await ingestLog(db, luxizKey);
    expect(log?.status).toBe('Submitted');
    expect(log?.message).toMatch(/waiting for scan\(s\)/);
    const pending = await withJobTables(db)
      .selectFrom('pendingImagePackages')
      .selectAll()
      .execute();
    expect(pending).toHaveLength(1);
    expect(pending[0]!.missingScanIds).toEqual(withImages.manifest.scans.map((s) => s.id));

    const luxlzKey = await uploadPackage(storage, orgA.id, withImages.luxlzPath);
    // The .luxlz job, the .luxiz job it queued again, and per scan one point-cloud build and
    // one thumbnail job.
    expect(
      await ingestNow(db, config, { key: luxlzKey, organizationId: orgA.id, userId: userA.id }),
    ).toBe(2 + 2 * withImages.manifest.scans.length);

    const luxlzLog = await ingestLog(db, luxlzKey);
    expect(luxlzLog?.status).toBe('Completed');
    const points = withImages.manifest.scans.reduce((sum, scan) => sum + scan.pointCount, 0);
    expect(luxlzLog?.metrics).toEqual({ scans: 2, points, bytes: withImages.luxlzBytes });
    expect(luxlzLog?.message).toBe(
      `Ingested session ${withImages.manifest.sessionId}: 2 scan(s), ${points.toLocaleString('en-US')} points`,
    );
    // Its log lists each step, in order.
    const [first, second] = withImages.manifest.scans;
    expect(await logMessages(luxlzLog?.logFileUrl)).toEqual([
      `Started: Ingesting ${path.basename(withImages.luxlzPath)}`,
      expect.stringMatching(
        new RegExp(`^Fetched ${path.basename(withImages.luxlzPath)} \\(\\d+\\.\\d MB\\)$`),
      ),
      `Checked session ${withImages.manifest.sessionId}: 2 scans, 2 new ones to store`,
      expect.stringMatching(
        new RegExp(
          `^Stored scan ${first!.id} \\(1 of 2\\): ${first!.pointCount.toLocaleString('en-US')} points, `,
        ),
      ),
      expect.stringMatching(new RegExp(`^Stored scan ${second!.id} \\(2 of 2\\): `)),
      expect.stringMatching(/^Stored \d GNSS files?$/),
      `Completed: ${luxlzLog?.message}`,
      `Metrics: ${JSON.stringify({ scans: 2, points, bytes: withImages.luxlzBytes })}`,
    ]);
    log = await ingestLog(db, luxizKey);
    expect(log?.status).toBe('Completed');
    const imageSteps = (await logMessages(log?.logFileUrl)).filter((m) =>
      /^(Checked|Stored) .* image/.test(m),
    );
    expect(imageSteps[0]).toBe(
      `Checked the images of session ${withImages.manifest.sessionId}: ${withImages.imageCount} images to store for 2 scans`,
    );
    expect(imageSteps.at(-1)).toBe(
      `Stored ${withImages.imageCount} of ${withImages.imageCount} images (100 %)`,
    );
    expect(imageSteps.length).toBeLessThanOrEqual(12);
    // The thumbnails the images queued are the uploader's work too.
    const thumbnails = await db
      .selectFrom('activityLogs')
      .select(['userId', 'status'])
      .where('activityType', '=', 'ScanImageThumbnails')
      .where('organizationId', '=', orgA.id)
      .execute();
    expect(thumbnails).toEqual(
      withImages.manifest.scans.map(() => ({ userId: userA.id, status: 'Completed' })),
    );
    expect(
      await withJobTables(db).selectFrom('pendingImagePackages').selectAll().execute(),
    ).toEqual([]);

    const state = await snapshot(db, orgA.id);
    expect(state.sessions).toHaveLength(1);
    expect(state.sessions[0]).toMatchObject({
      id: withImages.manifest.sessionId,
      deviceId: 'LG-1001',
      projectId: projectA.id,
      assignmentType: 'Device',
    });
    // The rover's observation files are recorded with their digest (base-station matching
    // leaves out a base that is one of them).
    const gnss = (state.sessions[0]!.manifest as { gnss: { kind: string; sha256?: string }[] })
      .gnss;
    expect(gnss.filter((file) => file.kind === 'observation').length).toBeGreaterThan(0);
    for (const file of gnss) {
      if (file.kind === 'observation') expect(file.sha256).toMatch(/^[0-9a-f]{64}$/);
      else expect(file.sha256).toBeUndefined();
    }
    expect(state.scans.map((scan) => scan.id)).toEqual(withImages.manifest.scans.map((s) => s.id));
    withImages.manifest.scans.forEach((scan, i) => {
      const row = state.scans[i]!;
      expect(row).toMatchObject({
        projectId: projectA.id,
        assignmentType: 'Device',
        friendlyName: scan.friendlyName,
        sessionId: withImages.manifest.sessionId,
        deviceId: 'LG-1001',
      });
      expect(row.capturedTimestamp?.toISOString().replace('.000Z', 'Z')).toBe(scan.capturedStart);
      expect(row.endCapturedTimestamp?.toISOString().replace('.000Z', 'Z')).toBe(scan.capturedEnd);
      expect(row.simplePath?.type).toBe('LineString');
      expect(row.simplePath!.coordinates.length).toBeGreaterThanOrEqual(2);
      expect(row.simplePath!.coordinates.length).toBeLessThanOrEqual(500);
      // Written with it: what the viewer's summary reads instead of the simple path.
      expect(row.viewerPath).toBe(encodedViewerPath(row.simplePath));
      expect(row.viewerPath).not.toBe('');
      const [lon, lat] = row.simplePath!.coordinates[0]!;
      expect(lat).toBeCloseTo(withImages.site.lat, 1);
      expect(lon).toBeCloseTo(withImages.site.lon, 1);
      expect(row.length).toBeCloseTo(withImages.scanLengths[i]!, 0);
    });

    const clouds = state.artifacts.filter((a) => a.artifactType === 'pointcloud');
    expect(clouds).toHaveLength(2);
    for (const cloud of clouds) {
      expect(cloud).toMatchObject({ name: 'unclassified', status: 'provisional' });
      const key = cloud.s3Url!.replace(/^s3:\/\/portal\//, '');
      expect(key).toBe(
        `org-${orgA.id}/project-${projectA.id}/scans/${cloud.scanId}/pointcloud.las`,
      );
      expect((await storage.head(key))?.size).toBe(cloud.size);
    }
    const cameras = state.artifacts.filter((a) => a.artifactType.endsWith('_cam'));
    expect(cameras.map((a) => a.artifactType).sort()).toEqual([
      'center_cam',
      'center_cam',
      'left_cam',
      'left_cam',
      'right_cam',
      'right_cam',
    ]);
    expect(state.images).toHaveLength(withImages.imageCount / 3);
    const image = state.images[0]!;
    expect(image.centerImage?.jpegRotation).toBe(0);
    expect(image.leftImage?.jpegRotation).toBe(90);
    expect(image.rightImage?.jpegRotation).toBe(270);
    const imageKey = image.leftImage!.s3Url.replace(/^s3:\/\/portal\//, '');
    expect((await storage.head(imageKey))?.contentType).toBe('image/jpeg');
  });

  it('changes nothing when the same packages are ingested again', async () => {
    const before = await snapshot(db, orgA.id);
    // Every ingestion of a key keeps its own entry: the one before is not rewritten.
    const entries = (key: string) =>
      db
        .selectFrom('activityLogs')
        .select(['referenceKey', 'status'])
        .where('activityType', '=', 'PackageIngest')
        .where((eb) =>
          eb.or([eb('referenceKey', '=', key), eb('referenceKey', 'like', `${key}#job-%`)]),
        )
        .execute();
    for (const file of [withImages.luxlzPath, withImages.luxizPath!]) {
      const key = await uploadPackage(storage, orgA.id, file);
      const earlier = await entries(key);
      expect(earlier.length).toBeGreaterThan(0);
      await ingestNow(db, config, { key, organizationId: orgA.id, userId: userA.id });
      expect((await ingestLog(db, key))?.status).toBe('Completed');
      const now = await entries(key);
      expect(now).toHaveLength(earlier.length + 1);
      expect(now.every((entry) => entry.status === 'Completed')).toBe(true);
    }
    expect(await snapshot(db, orgA.id)).toEqual(before);
  });

  it('keeps scans of a device with no assignment at capture time, unassigned', async () => {
    const key = await uploadPackage(storage, orgB.id, plain.luxlzPath);
    await ingestNow(db, config, { key, organizationId: orgB.id, userId: userB.id });
    expect((await ingestLog(db, key))?.status).toBe('Completed');
    const state = await snapshot(db, orgB.id);
    expect(state.scans).toHaveLength(2);
    for (const scan of state.scans) {
      expect(scan).toMatchObject({
        projectId: null,
        assignmentType: null,
        organizationId: orgB.id,
      });
    }
    expect(state.sessions[0]).toMatchObject({ projectId: null });
    expect(state.artifacts[0]!.s3Url).toContain(`org-${orgB.id}/project-none/scans/`);
    // The log says the scans landed in no project, and why.
    const message = (await ingestLog(db, key))?.message ?? '';
    expect(message).toMatch(
      new RegExp(
        `^Ingested session ${state.sessions[0]!.id}: 2 scan\\(s\\), [\\d,]+ points; ` +
          '2 scan\\(s\\) not in any project: no assignment of device LG-2002 covers ',
      ),
    );
    const firstCapture = state.scans
      .map((scan) => scan.capturedTimestamp!)
      .sort((a, b) => +a - +b)[0]!;
    expect(message).toContain(`covers ${formatUtc(firstCapture)}`);
  });

  it('refuses a package of a device registered to another organization', async () => {
    const key = await uploadPackage(storage, orgB.id, withImages.luxlzPath, 'stolen.luxlz');
    await ingestNow(db, config, { key, organizationId: orgB.id, userId: userB.id });
    expect((await ingestLog(db, key))?.message).toMatch(
      /Device LG-1001 is not registered to your organization/,
    );
  });

  it('queues one ingestion per package while it waits', async () => {
    const key = await uploadPackage(storage, orgB.id, plain.luxlzPath);
    const request = { key, organizationId: orgB.id, userId: userB.id, eTag: '"abc"' };
    const first = await enqueueIngestion(db, request);
    const second = await enqueueIngestion(db, request);
    expect(second).toEqual({ id: first.id, created: false });
    await drainJobs(db, config);
  });

  it('retries the job of a worker killed mid-ingestion and creates no duplicates', async () => {
    const before = await snapshot(db, orgB.id);
    const key = await uploadPackage(storage, orgB.id, plain.luxlzPath, 'again.luxlz');
    const { id } = await enqueueIngestion(db, { key, organizationId: orgB.id, userId: userB.id });
    // A worker takes the job, does all its work, and dies before its finishing transaction
    // (the Completed entry and the job marked done) commits.
    const claimed = await jobRepository.claim(db, ['ingest-package'], 'doomed', 60_000);
    expect(claimed?.id).toBe(id);
    await ingestPackageJob.run(ingestPackageJob.schema.parse(claimed!.payload), {
      db,
      config,
      storage,
      log: createLogger(config, 'test'),
      jobId: id,
      attempt: 1,
      maxAttempts: 5,
      isLastAttempt: false,
      finish: async () => {},
      giveUp: async (reason) => {
        throw new Error(reason);
      },
    });
    expect(await runNextJob({ db, config, jobs: jobDefinitions, workerId: 'other' })).toBe(false);
    await withJobTables(db)
      .updateTable('jobs')
      .set({ lockedUntil: sql<Date>`now() - interval '1 second'` })
      .where('id', '=', id)
      .execute();
    expect(await drainJobs(db, config, 'other')).toBe(1);
    expect(await jobRepository.findById(db, id)).toMatchObject({ status: 'done', attempts: 2 });
    const after = await snapshot(db, orgB.id);
    expect(after.scans.map((s) => s.id)).toEqual(before.scans.map((s) => s.id));
    expect(after.artifacts).toHaveLength(before.artifacts.length);
    expect(after.artifacts.map((a) => a.id)).toEqual(before.artifacts.map((a) => a.id));
  });
});
