import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  type QueuedDemoPackage,
  queueDemoPackages,
} from '../../packages/server/src/demo/demo-packages.ts';
import { jobDefinitions } from '../../packages/server/src/jobs/job-registry.ts';
import { runNextJob } from '../../packages/server/src/jobs/job-runner.ts';
import { withJobTables } from '../../packages/server/src/jobs/job-tables.ts';
import { createObjectStorage } from '../../packages/server/src/storage/create-object-storage.ts';
import { signInThroughLoginPage } from '../../packages/server/test/sign-in.ts';
import { DEMO_PASSWORD, type PortalEnvironment } from './portal-environment.ts';

export interface DemoScanOptions {
  /** Wait until pointCloudStreams answers 'ready' for every demo scan. */
  pointCloud?: boolean;
  /** Wait until the scans of the image packages have their camera images. */
  images?: boolean;
  /** Default 180 s: building the packages alone takes several seconds on a busy runner. */
  timeoutMs?: number;
}

export interface DemoScans {
  /** The project the demo packages were ingested into ('Paris Test Drive'). */
  projectId: string;
  projectName: string;
  /** Every scan of the demo packages, in session and scan order. */
  scanIds: string[];
  /** The scans with camera images, and those without. */
  scanIdsWithImages: string[];
  scanIdsWithoutImages: string[];
  /** The user the packages were ingested for (a Power User of the project's organization). */
  username: string;
}

/** Packages are built once per machine and plan set, and reused by every later environment. */
const PACKAGE_CACHE = path.join(tmpdir(), 'asset-portal-e2e-packages');
const WORKER_ID = 'e2e-demo-scans';
const POLL_MS = 250;
const RUNNABLE_KINDS = jobDefinitions.map((job) => job.kind);

/**
 * Makes the demo scans of an environment real and waits until they are: builds (or reuses) the
 * demo device packages, stores and queues them like `npm start` does, runs the queued jobs
 * (ingestion and what it queues, such as point-cloud builds; the test app has no worker) and
 * checks the result through the database, the object store and, for point clouds, GraphQL as
 * the demo Power User. Calling it again on the same environment only checks.
 */
export async function waitForDemoScans(
  environment: PortalEnvironment,
  options: DemoScanOptions = {},
): Promise<DemoScans> {
  const { db } = environment.live.database;
  const { config } = environment.live;
  const deadline = Date.now() + (options.timeoutMs ?? 180_000);
  const warnings: string[] = [];
  const packages = await queueDemoPackages({
    db,
    config,
    cacheDir: PACKAGE_CACHE,
    warn: (message) => warnings.push(message),
  });
  if (packages.length === 0 || warnings.length > 0) {
    throw new Error(`The demo packages were not queued: ${warnings.join('; ') || 'no plans'}`);
  }
  const sessionIds = [...new Set(packages.map((pkg) => pkg.sessionId))];

  await runJobsUntilIdle(environment, sessionIds, deadline);
  const scans = await checkIngested(environment, packages, options);
  if (options.pointCloud) {
    await waitForStreams(environment, scans.scanIds, sessionIds, deadline);
  }
  return scans;
}

/** Runs due jobs until none waits or runs; a demo job that failed stops the wait. */
async function runJobsUntilIdle(
  environment: PortalEnvironment,
  sessionIds: readonly string[],
  deadline: number,
) {
  const { db } = environment.live.database;
  const jobs = withJobTables(db);
  for (;;) {
    while (
      await runNextJob({
        db,
        config: environment.live.config,
        jobs: jobDefinitions,
        workerId: WORKER_ID,
      })
    ) {
      if (Date.now() > deadline) break;
    }
    // Only the demo jobs count, and only kinds this process runs: jobs name their package or
    // scan in the payload, so the demo ones carry the session ids.
    const demoJobs = (
      await jobs
        .selectFrom('jobs')
        .select(['kind', 'status', 'attempts', 'runAfter', 'lastError', 'payload'])
        .where('kind', 'in', RUNNABLE_KINDS)
        .where('status', '!=', 'done')
        .execute()
    ).filter((job) => sessionIds.some((id) => JSON.stringify(job.payload).includes(id)));
    const failed = demoJobs.filter((job) => job.status === 'failed');
    if (failed.length > 0) {
      const reasons = failed.map((job) => `${job.kind}: ${job.lastError}`).join('; ');
      throw new Error(`A demo job failed: ${reasons}`);
    }
    const open = demoJobs.filter((job) => job.status !== 'failed');
    if (open.length === 0) return;
    // A job waiting for its retry (or run by another runner) is due later.
    if (Date.now() > deadline) {
      const states = open
        .map(
          (job) =>
            `${job.kind} ${job.status} (attempt ${job.attempts}, due ${job.runAfter.toISOString()}${job.lastError ? `, last error: ${job.lastError}` : ''})`,
        )
        .join('; ');
      throw new Error(`Jobs still open when the wait for demo scans ran out: ${states}`);
    }
    await sleep(POLL_MS);
  }
}

async function checkIngested(
  environment: PortalEnvironment,
  packages: readonly QueuedDemoPackage[],
  options: DemoScanOptions,
): Promise<DemoScans> {
  const { db } = environment.live.database;
  const storage = createObjectStorage(environment.live.config);
  const clouds = packages.filter((pkg) => !pkg.images);
  const scanIds = clouds.flatMap((pkg) => pkg.scanIds);
  const withImages = new Set(packages.filter((pkg) => pkg.images).flatMap((pkg) => pkg.scanIds));
  const rows = await db
    .selectFrom('scans')
    .innerJoin('projects', 'projects.id', 'scans.projectId')
    .leftJoin('artifacts', (join) =>
      join
        .onRef('artifacts.scanId', '=', 'scans.id')
        .on('artifacts.artifactType', '=', 'pointcloud'),
    )
    .select(['scans.id', 'projects.id as projectId', 'projects.name', 'artifacts.s3Url'])
    .where('scans.id', 'in', scanIds)
    .execute();
  const missing = scanIds.filter((id) => !rows.some((row) => row.id === id));
  if (missing.length > 0) throw new Error(`Demo scans not ingested: ${missing.join(', ')}`);
  for (const row of rows) {
    const key = row.s3Url?.replace(/^s3:\/\/[^/]+\//, '');
    if (!key || !(await storage.head(key))) {
      throw new Error(`The point cloud of demo scan ${row.id} is not in the object store`);
    }
  }
  if (options.images) {
    const counted = await db
      .selectFrom('images')
      .select(['scanId', (eb) => eb.fn.countAll<number>().as('n')])
      .where('scanId', 'in', [...withImages])
      .groupBy('scanId')
      .execute();
    const bare = [...withImages].filter(
      (id) => !counted.some((row) => row.scanId === id && Number(row.n) > 0),
    );
    if (bare.length > 0) throw new Error(`Demo scans without their images: ${bare.join(', ')}`);
  }
  const projects = new Set(rows.map((row) => row.projectId));
  if (projects.size !== 1) throw new Error('The demo scans are not in one project');
  return {
    projectId: String(rows[0]!.projectId),
    projectName: rows[0]!.name,
    scanIds,
    scanIdsWithImages: scanIds.filter((id) => withImages.has(id)),
    scanIdsWithoutImages: scanIds.filter((id) => !withImages.has(id)),
    username: 'ppower',
  };
}

const STREAMS_QUERY = `query DemoStreams($scanIds: [ID!]!) {
  pointCloudStreams(scanIds: $scanIds) { scanId status }
}`;

/** Polls pointCloudStreams as the demo Power User until every demo cloud is ready. */
async function waitForStreams(
  environment: PortalEnvironment,
  scanIds: readonly string[],
  sessionIds: readonly string[],
  deadline: number,
) {
  const { sessionCookie } = await signInThroughLoginPage(
    environment.origin,
    'ppower',
    DEMO_PASSWORD,
  );
  for (;;) {
    const response = await fetch(`${environment.origin}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: sessionCookie ?? '' },
      body: JSON.stringify({ query: STREAMS_QUERY, variables: { scanIds } }),
    });
    const body = (await response.json()) as {
      data?: { pointCloudStreams: { scanId: string; status: string }[] };
      errors?: { message: string }[];
    };
    if (body.errors) {
      throw new Error(`pointCloudStreams failed: ${body.errors.map((e) => e.message).join('; ')}`);
    }
    const streams = body.data!.pointCloudStreams;
    const notReady = streams.filter((stream) => stream.status !== 'ready');
    if (notReady.length === 0) return;
    const stuck = notReady.filter((stream) => stream.status !== 'building');
    if (stuck.length > 0 || Date.now() > deadline) {
      const states = notReady.map((stream) => `${stream.scanId} ${stream.status}`).join(', ');
      throw new Error(`Demo point clouds not ready: ${states}`);
    }
    await runJobsUntilIdle(environment, sessionIds, deadline);
    await sleep(POLL_MS);
  }
}
