import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/config.ts';
import { type Db, openDatabase } from '../src/db/database.ts';
import { DEFAULT_SESSION_START } from '../src/device-packages/generator/options.ts';
import { withJobTables } from '../src/jobs/job-tables.ts';
import { lodRecordOf } from '../src/modules/pointclouds/point-cloud-rules.ts';
import { POTREE_FILES } from '../src/pointcloud/potree-format.ts';
import { createObjectStorage } from '../src/storage/create-object-storage.ts';
import type { ObjectStorage } from '../src/storage/storage.ts';
import { TRIAL_PASSWORD } from './fault-portal.ts';
import {
  buildTrialPackage,
  checkLod,
  isFinal,
  jobReference,
  jsonOf,
  type LogEntry,
  logs,
  PortalClient,
  streamSha256,
  type TrialPackage,
  uploadPackageParts,
} from './fault-trials.ts';
import {
  CLUSTER_BUCKET,
  type Cluster,
  startCluster,
  type WatchedJob,
  watchJobs,
} from './multi-machine-cluster.ts';
import { S3_TEST_CREDENTIALS } from './s3-test-server.ts';
import { signInThroughLoginPage } from './sign-in.ts';

// The production layout: two web processes behind a balancer and two worker processes, each with
// a data folder of its own, on one PostgreSQL database and one S3 bucket (docs/deployment.md).

/**
 * Queued at once, these keep the queue from running dry while one worker runs a job, so both
 * workers (each woken by the database's notification) claim some.
 */
const SMALL_PACKAGES = 6;
const SMALL_PACKAGE_SIZE = '2MB';
/** Big enough that its level-of-detail build runs for seconds: the kill lands inside it. */
const BIG_PACKAGE_SIZE = '40MB';
/** How long the big build has run when its worker is killed. */
const KILL_AFTER_MS = 400;
const SETTLE_MS = 90_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const keyOf = (s3Url: string) => s3Url.replace(/^s3:\/\/[^/]+\//, '');

const SESSION_USER = `query($awsUserId: String!) { getOrgUserContext(awsUserId: $awsUserId) {
  username } }`;

/** Polls the activity log until `done` holds for it; the log. */
async function waitForLog(
  client: PortalClient,
  done: (entries: LogEntry[]) => boolean,
  what: string,
): Promise<LogEntry[]> {
  const deadline = Date.now() + SETTLE_MS;
  for (;;) {
    const entries = await logs(client);
    if (done(entries)) return entries;
    if (Date.now() > deadline) {
      const lines = entries.map((e) => `  ${e.activityType} ${e.referenceKey}: ${e.status}`);
      throw new Error(`Timed out waiting for ${what}; the log:\n${lines.join('\n')}`);
    }
    await sleep(100);
  }
}

const finalOf = (entries: LogEntry[], type: string) =>
  entries.filter((e) => e.activityType === type && isFinal(e));

describe('production layout: 2 web and 2 worker processes on PostgreSQL and S3', () => {
  let workDir: string;
  let cluster: Cluster;
  let watcher: Awaited<ReturnType<typeof watchJobs>>;
  let small: TrialPackage[];
  let big: TrialPackage;
  /** A session signed in through the balancer, for the upload steps. */
  let cookie: string;
  let killedJob: WatchedJob | undefined;

  beforeAll(async () => {
    workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ap-multi-'));
    const started = performance.now();
    // Sessions inside the hour of the fixture base station, one per package.
    const at = (i: number) => new Date(DEFAULT_SESSION_START.getTime() + i * 180_000);
    const packages = async () => {
      small = [];
      for (let i = 0; i < SMALL_PACKAGES; i++) {
        const dir = path.join(workDir, `package-${i}`);
        small.push(
          await buildTrialPackage(dir, {
            targetSize: SMALL_PACKAGE_SIZE,
            sessionStart: at(i),
          }),
        );
      }
      big = await buildTrialPackage(path.join(workDir, 'package-big'), {
        targetSize: BIG_PACKAGE_SIZE,
        sessionStart: at(SMALL_PACKAGES),
      });
    };
    [cluster] = await Promise.all([
      startCluster({ workDir, webCount: 2, workerCount: 2 }),
      packages(),
    ]);
    watcher = await watchJobs(cluster.databaseUrl);
    console.log(`Cluster and packages ready in ${Math.round(performance.now() - started)} ms`);
  }, 150_000);

  afterAll(async () => {
    await watcher?.stop();
    await cluster?.dispose();
    if (workDir) fs.rmSync(workDir, { recursive: true, force: true });
  });

  it('keeps a browser session valid on either web process', async () => {
    const [webA, webB] = cluster.webOrigins as [string, string];
    const { balancer } = cluster;

    // Signed in with every step served by web A.
    balancer.route = 0;
    const from = balancer.served.length;
    const { sessionCookie } = await signInThroughLoginPage(
      balancer.origin,
      'aadmin',
      TRIAL_PASSWORD,
    );
    expect(new Set(balancer.served.slice(from).map((r) => r.web))).toEqual(new Set([0]));
    expect(sessionCookie).toBeTruthy();
    const headers = { cookie: sessionCookie! };

    // Web B knows the session: the BFF and GraphQL answer as that user.
    const session = await fetch(`${webB}/auth/session`, { headers });
    expect(session.status).toBe(200);
    const { user } = (await session.json()) as { user: { username: string; awsUserId: string } };
    expect(user.username).toBe('aadmin');
    const onB = new PortalClient(webB, sessionCookie!);
    const answer = await onB.gql<{ getOrgUserContext: { username: string } }>(SESSION_USER, {
      awsUserId: user.awsUserId,
    });
    expect(answer.getOrgUserContext.username).toBe('aadmin');

    // Signed out on B: A refuses the cookie, on the BFF and on GraphQL.
    const logout = await fetch(`${webB}/auth/logout`, {
      method: 'POST',
      headers,
      redirect: 'manual',
    });
    expect(logout.status).toBe(302);
    expect((await fetch(`${webA}/auth/session`, { headers })).status).toBe(401);
    const refused = await fetch(`${webA}/graphql`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ query: SESSION_USER, variables: { awsUserId: user.awsUserId } }),
    });
    expect(refused.status).toBe(401);

    // A sign-in whose steps alternate between the web processes, as behind a balancer.
    balancer.route = 'round-robin';
    const mark = balancer.served.length;
    const roundRobin = await signInThroughLoginPage(balancer.origin, 'aadmin', TRIAL_PASSWORD);
    const steps = balancer.served.slice(mark);
    expect(new Set(steps.map((r) => r.web))).toEqual(new Set([0, 1]));
    // The provider's pages and the callback among them, each on one of the two.
    expect(steps.some((r) => r.path.startsWith('/oidc/'))).toBe(true);
    expect(steps.some((r) => r.path.startsWith('/login/oauth2/code/'))).toBe(true);
    expect(roundRobin.sessionCookie).toBeTruthy();
    cookie = roundRobin.sessionCookie!;
  });

  it('takes uploads on both web processes and runs their jobs on both workers', async () => {
    expect(cookie).toBeTruthy();
    const clients = cluster.webOrigins.map((origin) => new PortalClient(origin, cookie));
    // Package i goes through web i % 2: the multipart URLs, the parts to S3, the completion.
    await Promise.all(
      small.map(async (pkg, i) => {
        const complete = await uploadPackageParts(clients[i % 2]!, pkg);
        await complete();
      }),
    );
    const entries = await waitForLog(
      clients[0]!,
      (all) =>
        finalOf(all, 'PackageIngest').length === SMALL_PACKAGES &&
        finalOf(all, 'PointCloudLod').length === SMALL_PACKAGES,
      'the small packages to be ingested and their levels of detail built',
    );
    for (const type of ['PackageUpload', 'PackageIngest', 'PointCloudLod']) {
      expect(
        finalOf(entries, type).map((e) => e.status),
        type,
      ).toEqual(Array(SMALL_PACKAGES).fill('Completed'));
    }
    const workersSeen = [...watcher.jobs.values()].flatMap((job) =>
      job.holders.map((holder) => cluster.workerOf(holder)),
    );
    console.log(
      `Jobs claimed per worker: ${[0, 1].map((w) => workersSeen.filter((s) => s === w).length).join(' / ')}`,
    );
    expect(new Set(workersSeen)).toEqual(new Set([0, 1]));
  });

  it('finishes, exactly once, the job of a worker killed in the middle of it', async () => {
    const client = new PortalClient(cluster.balancer.origin, cookie);
    const complete = await uploadPackageParts(client, big);
    await complete();
    const scanId = big.manifest.scans[0]!.id;
    const isBigBuild = (job: WatchedJob) =>
      job.kind === 'build-point-cloud-lod' &&
      jsonOf<{ scanId: string }>(job.payload).scanId === scanId;

    const deadline = Date.now() + SETTLE_MS;
    for (;;) {
      killedJob = [...watcher.jobs.values()].find(isBigBuild);
      if (killedJob) break;
      if (Date.now() > deadline) throw new Error(`No level-of-detail build of ${scanId} started`);
      await sleep(20);
    }
    await sleep(KILL_AFTER_MS);
    const victim = cluster.workerOf(killedJob.holders[0]!);
    expect(victim).toBeGreaterThanOrEqual(0);
    await cluster.workers[victim]!.kill();

    const db = await openDatabase({ url: cluster.databaseUrl, poolSize: 1 });
    try {
      // Killed in the middle: the job is still running under the dead worker's lease.
      const row = await withJobTables(db)
        .selectFrom('jobs')
        .selectAll()
        .where('id', '=', killedJob.id)
        .executeTakeFirstOrThrow();
      expect(row.status, `the build ended before the kill: make ${BIG_PACKAGE_SIZE} bigger`).toBe(
        'running',
      );
      expect(row.lockedBy).toBe(killedJob.holders[0]);
    } finally {
      await db.destroy();
    }

    await waitForLog(
      client,
      (all) => finalOf(all, 'PointCloudLod').length === SMALL_PACKAGES + 1,
      'the level of detail of the big package',
    );
    // The lease ran out and the surviving worker took the job over.
    expect(killedJob.holders.map((holder) => cluster.workerOf(holder))).toEqual([
      victim,
      1 - victim,
    ]);
  });

  it('did every job exactly once: job rows, activity entries and stored objects', async () => {
    expect(killedJob).toBeDefined();
    const db = await openDatabase({ url: cluster.databaseUrl, poolSize: 2 });
    try {
      const problems = [
        ...(await checkJobs(db, killedJob!.id)),
        ...(await checkActivity(db, killedJob!.id)),
        ...(await checkObjects(db, [...small, big])),
      ];
      expect(problems, cluster.output()).toEqual([]);
    } finally {
      await db.destroy();
    }
  });

  /** Every job done, one per reference, once: the killed one in its second attempt. */
  async function checkJobs(db: Db, killedJobId: number): Promise<string[]> {
    const problems: string[] = [];
    const jobs = await withJobTables(db).selectFrom('jobs').selectAll().orderBy('id').execute();
    const byReference = new Map<string, number[]>();
    for (const job of jobs) {
      const ref = `${job.kind} ${jobReference(job.payload)}`;
      byReference.set(ref, [...(byReference.get(ref) ?? []), job.id]);
      if (job.status !== 'done') problems.push(`Job ${job.id} (${ref}) is ${job.status}`);
      const attempts = job.id === killedJobId ? 2 : 1;
      if (job.attempts !== attempts) {
        problems.push(`Job ${job.id} (${ref}) ran ${job.attempts} times, expected ${attempts}`);
      }
    }
    for (const [ref, ids] of byReference) {
      if (ids.length !== 1) problems.push(`${ref}: jobs ${ids}, expected one`);
    }
    for (const kind of ['ingest-package', 'build-point-cloud-lod']) {
      const count = jobs.filter((job) => job.kind === kind).length;
      if (count !== SMALL_PACKAGES + 1) problems.push(`${count} ${kind} jobs`);
    }
    return problems;
  }

  /** One entry per reference, Completed, naming a job that is done. */
  async function checkActivity(db: Db, killedJobId: number): Promise<string[]> {
    const problems: string[] = [];
    const entries = await db
      .selectFrom('activityLogs')
      .selectAll()
      .where('referenceKey', 'is not', null)
      .execute();
    const byKey = new Map<string, typeof entries>();
    for (const entry of entries) {
      const key = `${entry.activityType} ${entry.referenceKey}`;
      byKey.set(key, [...(byKey.get(key) ?? []), entry]);
    }
    const jobs = await withJobTables(db).selectFrom('jobs').select(['id', 'status']).execute();
    for (const [key, rows] of byKey) {
      if (rows.length !== 1) problems.push(`Activity ${key}: ${rows.length} entries`);
      if (rows[0]?.status !== 'Completed') problems.push(`Activity ${key}: ${rows[0]?.status}`);
      // The entry of a job's work names that job, which must be the one done.
      const payload = jsonOf<{ jobId?: number; attempt?: number } | null>(rows[0]?.payload);
      if (payload?.jobId === undefined) continue;
      const job = jobs.find((j) => j.id === payload.jobId);
      if (job?.status !== 'done') problems.push(`Activity ${key} names job ${payload.jobId}`);
      if (!rows[0]?.logFileUrl) problems.push(`Activity ${key} links no log of its job`);
      if (payload.jobId === killedJobId && payload.attempt !== 2) {
        problems.push(`Activity ${key} was finished by attempt ${payload.attempt}, not the second`);
      }
    }
    for (const type of ['PackageUpload', 'PackageIngest', 'PointCloudLod']) {
      const count = entries.filter((e) => e.activityType === type).length;
      if (count !== SMALL_PACKAGES + 1) problems.push(`${count} ${type} entries`);
    }
    return problems;
  }

  /**
   * The bucket holds each package as uploaded, each scan's cloud as in the package and its level
   * of detail complete, and nothing else: no object of a lost or repeated attempt.
   */
  async function checkObjects(db: Db, packages: TrialPackage[]): Promise<string[]> {
    const problems: string[] = [];
    const storage: ObjectStorage = createObjectStorage(
      loadConfig({
        NODE_ENV: 'test',
        DATA_DIR: workDir,
        STORAGE_ENDPOINT: cluster.s3.endpoint,
        STORAGE_BUCKET: CLUSTER_BUCKET,
        STORAGE_ACCESS_KEY_ID: S3_TEST_CREDENTIALS.accessKeyId,
        STORAGE_SECRET_ACCESS_KEY: S3_TEST_CREDENTIALS.secretAccessKey,
        STORAGE_FORCE_PATH_STYLE: 'true',
      }),
    );
    const expected = new Set<string>();
    const ingests = await withJobTables(db)
      .selectFrom('jobs')
      .select('payload')
      .where('kind', '=', 'ingest-package')
      .execute();
    for (const ingest of ingests) {
      const key = jobReference(ingest.payload);
      expected.add(key);
      const stored = await streamSha256(await storage.getStream(key)).catch(() => null);
      if (!packages.some((pkg) => pkg.sha256 === stored?.sha256)) {
        problems.push(`Package object ${key} is none of the uploaded packages`);
      }
    }
    for (const pkg of packages) {
      for (const scan of pkg.manifest.scans) {
        const artifacts = await db
          .selectFrom('artifacts')
          .selectAll()
          .where('scanId', '=', scan.id)
          .execute();
        const clouds = artifacts.filter((a) => a.artifactType === 'pointcloud');
        if (clouds.length !== 1) problems.push(`Scan ${scan.id}: ${clouds.length} clouds`);
        const cloud = clouds[0];
        if (!cloud?.s3Url) continue;
        const stored = await streamSha256(await storage.getStream(keyOf(cloud.s3Url))).catch(
          () => null,
        );
        if (stored?.sha256 !== pkg.cloudSha256.get(scan.id)) {
          problems.push(`Scan ${scan.id}: the stored cloud differs from the package's`);
        }
        problems.push(...(await checkLod(storage, `Scan ${scan.id}`, cloud, scan.pointCount)));
        const lod = lodRecordOf(jsonOf(cloud.parameters));
        for (const file of POTREE_FILES) if (lod) expected.add(`${lod.prefix}${file}`);
      }
    }
    // Every object a session, scan or artifact row names (clouds, trajectories, GNSS files),
    // and the job logs the activity entries link, one per job that ended.
    const rows = await Promise.all([
      db.selectFrom('sessions').selectAll().execute(),
      db.selectFrom('scans').selectAll().execute(),
      db.selectFrom('artifacts').selectAll().execute(),
      db
        .selectFrom('activityLogs')
        .select('logFileUrl')
        .where('referenceKey', 'is not', null)
        .execute(),
    ]);
    const named = JSON.stringify(rows).matchAll(new RegExp(`s3://${CLUSTER_BUCKET}/([^"]+)`, 'g'));
    for (const [, key] of named) expected.add(key!);
    const listed: string[] = [];
    for await (const object of storage.list('')) listed.push(object.key);
    for (const key of listed) if (!expected.has(key)) problems.push(`Unexpected object ${key}`);
    for (const key of expected) if (!listed.includes(key)) problems.push(`Missing object ${key}`);
    return problems;
  }
});
