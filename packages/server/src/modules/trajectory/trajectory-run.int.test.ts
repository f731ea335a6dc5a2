import { createReadStream, createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { chmod, readFile, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../../test/api.ts';
import { DATABASE_KINDS } from '../../../test/databases.ts';
import { factories } from '../../../test/factories.ts';
import { adminFactories } from '../../../test/factories-admin.ts';
import { scanFactories } from '../../../test/factories-scans.ts';
import { drainJobs, ingestNow, uploadPackage } from '../../../test/ingestion-test-kit.ts';
import type { UserRow } from '../../db/schema.ts';
import {
  type GeneratedPackage,
  makePackage,
} from '../../device-packages/generator/make-package.ts';
import { defaultFixturesDir, parseGeneratorArgs } from '../../device-packages/generator/options.ts';
import { jobRepository } from '../../jobs/job.repository.ts';
import { withJobTables } from '../../jobs/job-tables.ts';
import { readLasPoints } from '../../lib/las/las-reader.ts';
import { createLogger } from '../../lib/logger.ts';
import { createObjectStorage } from '../../storage/create-object-storage.ts';
import { objectKey } from '../../storage/object-key.ts';
import type { ObjectStorage } from '../../storage/storage.ts';
import { storageUrl } from '../ingestion/ingestion-context.ts';
import { findRnx2rtkp } from './ppk/rtklib.ts';
import { TRAJECTORY_RUN_KIND, trajectoryRunJob } from './trajectory-run.job.ts';
import { trajectoryRunJobKey } from './trajectory-run.repository.ts';
import {
  roverObservationOf,
  runActivityKey,
  sessionGnssFiles,
  TRAJECTORY_PROCESSING_ACTIVITY,
} from './trajectory-run-rules.ts';
import { sweepHungTrajectoryRuns } from './trajectory-run-sweep.ts';

// The whole run on real data: a generated session at the GEONET 0759 site whose trajectory is
// off by a known amount, the 3040 base station, RTKLIB, and the corrected clouds read back.

const OFFSET = { east: 0.3, north: -0.2, up: 0.25 };
const rtklib = await findRnx2rtkp();
// CI installs rtklib: there the tests must run; a workstation without it skips them.
const describeWithRtklib = describe.skipIf(!rtklib && !process.env.CI);
const dir = mkdtempSync(path.join(tmpdir(), 'trajectory-run-'));
const fixtures = defaultFixturesDir();
let generated: GeneratedPackage;

beforeAll(async () => {
  generated = await makePackage(
    parseGeneratorArgs([
      '--out',
      dir,
      '--device',
      'LG-0759',
      '--scans',
      '2',
      '--scan-seconds',
      '120',
      '--target-size',
      '2MB',
      '--ppk-offset',
      `${OFFSET.east},${OFFSET.north},${OFFSET.up}`,
    ]),
  );
}, 120_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const RUN_FIELDS = `id status statusMessge basestationIds versionName metrics logS3Url
  ambStatusS3Url numSatsS3Url altitudeSeparationsS3Url distanceSeparationsS3Url
  trajectoryAuditS3Url optionsS3Url submitted started completed`;

interface RunView {
  id: string;
  status: string;
  statusMessge: string | null;
  versionName: string | null;
  metrics: { fixed: number; epochs: number; fixedPercent: number; passed: boolean } | null;
  [key: string]: unknown;
}

describe.each(DATABASE_KINDS)('trajectory processing runs on %s', (kind) => {
  let api: TestApi;
  let storage: ObjectStorage;
  let organizationId: number;
  let projectId: number;
  let power: UserRow;
  let standard: UserRow;
  let sessionId: string;

  /** Stores the 3040 base station's files and a Ready row, as the base-station job leaves it. */
  async function readyBasestation(
    observation = '30400920.05o',
    window = { start: '2005-04-01T23:59:46Z', end: '2005-04-02T00:59:16Z' },
  ): Promise<number> {
    const tag = Math.random().toString(36).slice(2, 8);
    const files = [];
    for (const [name, kindOf] of [
      [observation, 'observation'],
      ['30400920.05n', 'navigation'],
    ] as const) {
      const source = path.isAbsolute(name) ? name : path.join(fixtures, 'gnss', name);
      const key = objectKey({
        organizationId,
        kind: 'basestations',
        name: `${tag}/${path.basename(source)}`,
      });
      await storage.putStream(key, createReadStream(source), { size: (await stat(source)).size });
      files.push({
        name: path.basename(source),
        kind: kindOf,
        rinexVersion: '2.10',
        s3Url: storageUrl(api.config, key),
        size: (await stat(source)).size,
      });
    }
    const row = await api.database.db
      .insertInto('basestations')
      .values({
        organizationId,
        projectId,
        filename: `base-${tag}.zip`,
        s3Url: storageUrl(api.config, `org-${organizationId}/project-none/basestations/x.zip`),
        status: 'Ready',
        markerName: '3040',
        point: JSON.stringify({ type: 'Point', coordinates: [139.62430213, 35.13206614] }),
        height: 75.8027,
        ecef: [-3978242.4348, 3382841.1715, 3649902.7667],
        startTimestamp: new Date(window.start),
        endTimestamp: new Date(window.end),
        files: JSON.stringify(files),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  const submit = (user: UserRow, basestationIds: (number | string)[], session = sessionId) =>
    api.graphql<{ createSessionTrajectoryProcessingRun: RunView }>(
      user,
      `mutation($s:String!,$b:[ID!]!){ createSessionTrajectoryProcessingRun(trajectoryProcessingRun:{sessionId:$s,basestationIds:$b}){ ${RUN_FIELDS} } }`,
      { s: session, b: basestationIds.map(String) },
    );

  const runsOf = async (user: UserRow, session = sessionId) => {
    const result = await api.graphql<{ trajectoryProcessingRunsForSession: RunView[] }>(
      user,
      `query($s:String!){ trajectoryProcessingRunsForSession(sessionId:$s){ ${RUN_FIELDS} } }`,
      { s: session },
    );
    expect(result.errors).toBeUndefined();
    return result.data!.trajectoryProcessingRunsForSession;
  };

  const scanState = () =>
    api.database.db
      .selectFrom('scans')
      .leftJoin('artifacts', 'artifacts.scanId', 'scans.id')
      .select(['scans.id', 'scans.defaultVersion', 'artifacts.name', 'artifacts.status'])
      .where('scans.sessionId', '=', sessionId)
      .orderBy('scans.id')
      .orderBy('artifacts.id')
      .execute();

  const drain = () => drainJobs(api.database.db, api.config);

  beforeAll(async () => {
    api = await startTestApi(kind);
    storage = createObjectStorage(api.config);
    const db = api.database.db;
    const organization = await factories.organization(db);
    organizationId = organization.id;
    power = await factories.user(db, organizationId, 'Power User');
    standard = await factories.user(db, organizationId, 'Standard');
    projectId = (await factories.project(db, organizationId)).id;
    await factories.device(db, organizationId, 'LG-0759');
    await adminFactories.deviceAssignment(
      db,
      'LG-0759',
      projectId,
      new Date('2005-01-01T00:00:00Z'),
      null,
    );
    const key = await uploadPackage(storage, organizationId, generated.luxlzPath);
    await ingestNow(db, api.config, { key, organizationId, userId: power.id });
    sessionId = generated.manifest.sessionId;
    // The LOD builds the ingestion queued are not this test's concern.
    await drain();
  }, 180_000);
  afterAll(async () => api?.close());

  describeWithRtklib('with RTKLIB', () => {
    it('recovers the known trajectory offset and makes every scan final', async () => {
      const before = await scanState();
      expect(before.every((row) => row.status === 'provisional')).toBe(true);
      const basestationId = await readyBasestation();

      const submitted = await submit(power, [basestationId]);
      expect(submitted.errors).toBeUndefined();
      const run = submitted.data!.createSessionTrajectoryProcessingRun;
      expect(run.status).toBe('Submitted');
      await drain();

      const [done] = await runsOf(power);
      expect(done!.status, done!.statusMessge ?? '').toBe('Completed');
      expect(done!.metrics!.passed).toBe(true);
      expect(done!.metrics!.fixedPercent).toBeGreaterThanOrEqual(80);
      expect(done!.versionName).toBe(`ppk-run-${run.id}`);
      for (const field of [
        'logS3Url',
        'ambStatusS3Url',
        'numSatsS3Url',
        'altitudeSeparationsS3Url',
        'distanceSeparationsS3Url',
        'trajectoryAuditS3Url',
        'optionsS3Url',
      ]) {
        const link = await api.graphql<{ getSignedS3Url: string | null }>(
          standard,
          'query($u:String!){ getSignedS3Url(s3Url:$u) }',
          { u: done![field] },
        );
        expect(link.data?.getSignedS3Url, field).toMatch(/^http/);
      }

      // The log names the run's files inside the run, never where the server keeps them.
      const runLog = await readText(storage, done!.logS3Url as string);
      expect(runLog).toMatch(/rnx2rtkp .* -o base\/\d+\/ppk-/);
      expect(runLog).not.toContain(api.config.dataDir);
      // Each step with its time, under the run's title.
      expect(runLog).toMatch(/^Trajectory processing run \d+ of session \S+\n/);
      expect(runLog).toMatch(
        /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\dZ {2}Basestation \d+ \(.+\): \S*rnx2rtkp /m,
      );
      expect(runLog).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\dZ {2}Passed: /m);
      expect(runLog).toMatch(
        /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\dZ {2}Started: the rover's \S+ against basestation\(s\) \d+$/m,
      );
      expect(runLog).toMatch(/Z {2}Processing \S+ against basestation \d+ \(1 of 1\)$/m);
      expect(runLog).toMatch(
        /Z {2}\d+ of \d+ epochs in the session fixed .*\n +The quality check passed\.$/m,
      );

      // The altitude separations are PPK − device: the offset's vertical part, negated.
      const altitude = await readJson(storage, done!.altitudeSeparationsS3Url as string);
      const separations = (altitude.separation as (number | null)[]).filter(
        (value): value is number => value !== null,
      );
      expect(separations.length).toBeGreaterThan(0);
      expect(mean(separations)).toBeCloseTo(-OFFSET.up, 1);

      const after = await scanState();
      const scans = [...new Set(after.map((row) => row.id))];
      expect(scans.length).toBe(2);
      for (const scanId of scans) {
        const rows = after.filter((row) => row.id === scanId);
        expect(rows.map((row) => [row.name, row.status])).toEqual([
          ['unclassified', 'provisional'],
          [done!.versionName, 'final'],
        ]);
        expect(rows[0]!.defaultVersion).toBe(done!.versionName);
      }

      // Each point moved by the correction: −offset within a few centimetres.
      const shift = await pointShift(api, storage, scans[0]!, done!.versionName!);
      expect(shift.points).toBeGreaterThan(1000);
      expect(shift.east).toBeCloseTo(-OFFSET.east, 1);
      expect(Math.abs(shift.east + OFFSET.east)).toBeLessThan(0.05);
      expect(Math.abs(shift.north + OFFSET.north)).toBeLessThan(0.05);
      expect(Math.abs(shift.up + OFFSET.up)).toBeLessThan(0.05);

      // The session's chips show it final now, and the level of detail of the new version was queued.
      const summary = await api.graphql<{
        sessionSummary: { sessionId: string; status: string }[];
      }>(power, 'query($p:ID!){ sessionSummary(projectId:$p){ sessionId status } }', {
        p: projectId,
      });
      expect(summary.data!.sessionSummary.find((s) => s.sessionId === sessionId)?.status).toBe(
        'final',
      );
      const lodJobs = await withJobTables(api.database.db)
        .selectFrom('jobs')
        .select('payload')
        .where('kind', '=', 'build-point-cloud-lod')
        .execute();
      expect(lodJobs.length).toBeGreaterThan(0);
    }, 180_000);

    it('makes a new version on a second run and overwrites nothing', async () => {
      const basestationId = await readyBasestation();
      const submitted = await submit(power, [basestationId]);
      expect(submitted.errors).toBeUndefined();
      await drain();
      const runs = await runsOf(power);
      expect(runs[0]!.status).toBe('Completed');
      expect(runs[0]!.versionName).not.toBe(runs[1]!.versionName);
      const names = (await scanState()).map((row) => row.name);
      expect(names).toContain(runs[0]!.versionName);
      expect(names).toContain(runs[1]!.versionName);
    }, 180_000);

    it('completes without passing when too few epochs are fixed, and leaves the scans provisional', async () => {
      // The base's observations stop 40 s into the session: most rover epochs get no fixed solution.
      const source = await readFile(path.join(fixtures, 'gnss', '30400920.05o'), 'latin1');
      const cut = source.indexOf(' 05  4  2  0  1  0.0000000');
      expect(cut).toBeGreaterThan(0);
      const short = path.join(dir, '3040-short.05o');
      await writeFile(short, source.slice(0, cut), 'latin1');
      const basestationId = await readyBasestation(short);
      const before = await scanState();
      const runsBefore = (await runsOf(power)).length;
      const submitted = await submit(power, [basestationId]);
      expect(submitted.errors).toBeUndefined();
      await drain();
      const runs = await runsOf(power);
      expect(runs.length).toBe(runsBefore + 1);
      const [run] = runs;
      expect(run!.status).toBe('Completed');
      expect(run!.metrics!.passed).toBe(false);
      expect(run!.statusMessge).toMatch(/^Not passed: .*needed.*provisional/);
      expect(run!.versionName).toBeNull();
      expect(run!.ambStatusS3Url).toBeTruthy();
      expect(await scanState()).toEqual(before);
    }, 120_000);

    it('fails a run on corrupt base observations and leaves the scans as they were', async () => {
      const corrupt = path.join(dir, '3040-corrupt.05o');
      await writeFile(corrupt, 'not a RINEX file\n'.repeat(50));
      const basestationId = await readyBasestation(corrupt);
      const before = await scanState();
      const submitted = await submit(power, [basestationId]);
      expect(submitted.errors).toBeUndefined();
      await drain();
      const [failed] = await runsOf(power);
      expect(failed!.status).toBe('Failed');
      expect(failed!.statusMessge).toBeTruthy();
      expect(await scanState()).toEqual(before);
    }, 120_000);

    it("refuses a 'base' that is the session's own rover file, saying so in the run and its log", async () => {
      const session = await api.database.db
        .selectFrom('sessions')
        .select('manifest')
        .where('id', '=', sessionId)
        .executeTakeFirstOrThrow();
      const rover = roverObservationOf(sessionGnssFiles(session.manifest));
      const copy = path.join(dir, path.basename(rover!.path ?? 'rover.obs'));
      const key = rover!.s3Url!.replace(/^s3:\/\/[^/]+\//, '');
      await pipeline(await storage.getStream(key), createWriteStream(copy));
      const basestationId = await readyBasestation(copy);
      const before = await scanState();
      expect((await submit(power, [basestationId])).errors).toBeUndefined();
      await drain();
      const [failed] = await runsOf(power);
      expect(failed!.status).toBe('Failed');
      expect(failed!.statusMessge).toContain(
        `holds the session's own GNSS observations: ${sessionId}'s rover file was uploaded as a basestation`,
      );
      expect(await readText(storage, failed!.logS3Url as string)).toContain(
        `Failed: Basestation ${basestationId}`,
      );
      expect(await scanState()).toEqual(before);
    }, 120_000);

    it('redoes a run whose finishing transaction did not commit, and ends it and its entry once', async () => {
      const submitted = await submit(power, [await readyBasestation()]);
      expect(submitted.errors).toBeUndefined();
      const runId = submitted.data!.createSessionTrajectoryProcessingRun.id;
      const db = api.database.db;
      const claimed = await jobRepository.claim(db, [TRAJECTORY_RUN_KIND], 'doomed', 60_000);
      // The worker did the whole run; the transaction ending it failed (the worker died).
      await expect(
        trajectoryRunJob.run(trajectoryRunJob.schema.parse(claimed!.payload), {
          db,
          config: api.config,
          storage,
          log: createLogger(api.config, 'test'),
          jobId: claimed!.id,
          attempt: 1,
          maxAttempts: claimed!.maxAttempts,
          isLastAttempt: false,
          finish: async () => {
            throw new Error('the worker died');
          },
          giveUp: async () => {
            throw new Error('the worker died');
          },
        }),
      ).rejects.toThrow('the worker died');
      // Not ended: a job redone on an ended run skips it, and its entry would stay Started.
      expect((await runsOf(power)).find((r) => r.id === runId)?.status).toBe('In progress');

      await withJobTables(db)
        .updateTable('jobs')
        .set({ lockedUntil: sql<Date>`now() - interval '1 second'` })
        .where('id', '=', claimed!.id)
        .execute();
      await drain();
      expect((await runsOf(power)).find((r) => r.id === runId)?.status).toBe('Completed');
      expect(await jobRepository.findById(db, claimed!.id)).toMatchObject({
        status: 'done',
        attempts: 2,
      });
      const entries = await db
        .selectFrom('activityLogs')
        .select(['status', 'payload'])
        .where('activityType', '=', TRAJECTORY_PROCESSING_ACTIVITY)
        .where('referenceKey', '=', runActivityKey(organizationId, Number(runId)))
        .execute();
      expect(entries.map((e) => e.status)).toEqual(['Completed']);
    }, 180_000);
  });

  it('refuses a base station that does not cover the session, and another organization’s', async () => {
    const late = await readyBasestation('30400920.05o', {
      start: '2005-04-02T06:00:00Z',
      end: '2005-04-02T07:00:00Z',
    });
    const refused = await submit(power, [late]);
    expect(refused.errors?.[0]?.message).toMatch(/does not cover the session/);

    const other = await factories.organization(api.database.db);
    const stranger = await factories.user(api.database.db, other.id, 'Power User');
    const foreign = await submit(stranger, [await readyBasestation()]);
    expect(foreign.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    const notMine = await api.graphql(
      stranger,
      'query($s:String!){ trajectoryProcessingRunsForSession(sessionId:$s){ id } }',
      { s: sessionId },
    );
    expect(notMine.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    const bogus = await submit(power, ['999999']);
    expect(bogus.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  });

  it('refuses a session whose package brought no rover observations, and stores no run', async () => {
    const db = api.database.db;
    const rover = await db
      .selectFrom('sessions')
      .select(['capturedTimestamp', 'endCapturedTimestamp'])
      .where('id', '=', sessionId)
      .executeTakeFirstOrThrow();
    // The same window as the rover's session, so the base station covers it.
    const bare = await scanFactories.session(db, organizationId, {
      projectId,
      capturedTimestamp: rover.capturedTimestamp,
      endCapturedTimestamp: rover.endCapturedTimestamp,
    });
    const refused = await submit(power, [await readyBasestation()], bare.id);
    expect(refused.errors?.[0]?.message).toBe(
      `Session ${bare.id} has no GNSS observation file: its package brought no gnss/ observations`,
    );
    expect(await runsOf(power, bare.id)).toEqual([]);
    const logged = await db
      .selectFrom('activityLogs')
      .select('id')
      .where('message', 'like', `%${bare.id}%`)
      .execute();
    expect(logged).toEqual([]);
  });

  it('says plainly when RTKLIB is missing and refuses the run', async () => {
    const previous = process.env.RNX2RTKP_PATH;
    process.env.RNX2RTKP_PATH = path.join(dir, 'no-such-rnx2rtkp');
    try {
      const availability = await api.graphql<{
        trajectoryProcessingAvailability: { available: boolean; message: string | null };
      }>(power, '{ trajectoryProcessingAvailability { available message } }');
      expect(availability.data!.trajectoryProcessingAvailability).toEqual({
        available: false,
        message:
          'Trajectory processing needs RTKLIB (rnx2rtkp), which is not installed on the server. Install the Debian package rtklib.',
      });
      const refused = await submit(power, [await readyBasestation()]);
      expect(refused.errors?.[0]?.message).toMatch(/needs RTKLIB/);
    } finally {
      if (previous === undefined) delete process.env.RNX2RTKP_PATH;
      else process.env.RNX2RTKP_PATH = previous;
    }
  });

  it('fails a run whose rnx2rtkp fails, and marks a run whose worker died Hung', async () => {
    const fake = path.join(dir, 'failing-rnx2rtkp');
    await writeFile(fake, '#!/bin/sh\necho "rnx2rtkp: cannot open obs file" >&2\nexit 1\n');
    await chmod(fake, 0o755);
    const previous = process.env.RNX2RTKP_PATH;
    process.env.RNX2RTKP_PATH = fake;
    try {
      const submitted = await submit(power, [await readyBasestation()]);
      expect(submitted.errors).toBeUndefined();
      await drain();
      const [failed] = await runsOf(power);
      expect(failed!.status).toBe('Failed');
      expect(failed!.statusMessge).toBeTruthy();
      // The log shows what was run and what RTKLIB said, not only the outcome.
      const runLog = await readText(storage, failed!.logS3Url as string);
      expect(runLog).toContain(`${fake} -k `);
      expect(runLog).toContain('rnx2rtkp: cannot open obs file');
      expect(runLog).toMatch(/Failed: rnx2rtkp exited with code 1/);
    } finally {
      if (previous === undefined) delete process.env.RNX2RTKP_PATH;
      else process.env.RNX2RTKP_PATH = previous;
    }

    // A run In progress whose job's lease ran out: its worker died.
    const db = api.database.db;
    const run = await db
      .insertInto('trajectoryProcessingRuns')
      .values({ sessionId, organizationId, basestationIds: [], status: 'In progress' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await withJobTables(db)
      .insertInto('jobs')
      .values({
        kind: 'trajectory-run',
        payload: JSON.stringify({ runId: run.id, organizationId, userId: null }),
        status: 'running',
        maxAttempts: 2,
        attempts: 1,
        runAfter: new Date(),
        lockedBy: 'dead-worker',
        lockedUntil: new Date(Date.now() - 1000),
        uniqueKey: trajectoryRunJobKey(run.id),
      })
      .execute();
    expect(await sweepHungTrajectoryRuns(db)).toEqual({ hung: 1, failed: 0 });
    const hung = (await runsOf(power)).find((r) => r.id === String(run.id));
    expect(hung?.status).toBe('Hung');
    expect(hung?.statusMessge).toMatch(/stopped before it finished/);
  }, 120_000);
});

async function readText(storage: ObjectStorage, s3Url: string): Promise<string> {
  const key = s3Url.replace(/^s3:\/\/[^/]+\//, '');
  const chunks: Buffer[] = [];
  for await (const chunk of await storage.getStream(key)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

async function readJson(storage: ObjectStorage, s3Url: string): Promise<Record<string, unknown>> {
  return JSON.parse(await readText(storage, s3Url));
}

function mean(values: number[]): number {
  return values.reduce((sum, value) => sum + value, 0) / values.length;
}

/** Mean shift of the corrected version's points against the original, record by record. */
async function pointShift(api: TestApi, storage: ObjectStorage, scanId: string, version: string) {
  const rows = await api.database.db
    .selectFrom('artifacts')
    .select(['name', 's3Url'])
    .where('scanId', '=', scanId)
    .where('artifactType', '=', 'pointcloud')
    .execute();
  const local = async (name: string) => {
    const s3Url = rows.find((row) => row.name === name)!.s3Url!;
    const file = path.join(dir, `${scanId}-${name}.las`);
    await pipeline(
      await storage.getStream(s3Url.replace(/^s3:\/\/[^/]+\//, '')),
      createWriteStream(file),
    );
    return file;
  };
  const original = readLasPoints(await local('unclassified'));
  const corrected = readLasPoints(await local(version));
  let east = 0;
  let north = 0;
  let up = 0;
  let points = 0;
  for await (const a of original) {
    const { value: b } = await corrected.next();
    if (!b) throw new Error('the corrected cloud has fewer points');
    for (let i = 0; i < a.count; i++) {
      east += b.x[i]! - a.x[i]!;
      north += b.y[i]! - a.y[i]!;
      up += b.z[i]! - a.z[i]!;
    }
    points += a.count;
  }
  await corrected.return(undefined);
  return { east: east / points, north: north / points, up: up / points, points };
}
