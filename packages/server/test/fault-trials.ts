import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { BASESTATION_CONTENT_TYPE, numberOfPartsFor, partRange } from '@asset-portal/shared';
import { type Db, openDatabase, pgliteDirectory } from '../src/db/database.ts';
import { makeBasestationZip } from '../src/device-packages/generator/basestation-zip.ts';
import { makePackage } from '../src/device-packages/generator/make-package.ts';
import {
  defaultFixturesDir,
  parseGeneratorArgs,
} from '../src/device-packages/generator/options.ts';
import type { LuxlzManifest } from '../src/device-packages/manifest.ts';
import { openPackage } from '../src/device-packages/package-reader.ts';
import { withJobTables } from '../src/jobs/job-tables.ts';
import { WORK_AREAS } from '../src/jobs/work-folders.ts';
import {
  BASESTATION_ACTIVITY,
  PROCESS_BASESTATION_KIND,
} from '../src/modules/basestations/process-basestation.job.ts';
import { lodRecordOf } from '../src/modules/pointclouds/point-cloud-rules.ts';
import { storagePotreeSource } from '../src/modules/pointclouds/storage-potree-source.ts';
import type { PublishManifest } from '../src/modules/publishing/publishing-rules.ts';
import { TRAJECTORY_RUN_KIND } from '../src/modules/trajectory/trajectory-run.job.ts';
import {
  runActivityKey,
  TRAJECTORY_PROCESSING_ACTIVITY,
} from '../src/modules/trajectory/trajectory-run-rules.ts';
import { openPotree } from '../src/pointcloud/potree-reader.ts';
import { EmbeddedObjectStorage } from '../src/storage/embedded-storage.ts';
import type { ObjectStorage } from '../src/storage/storage.ts';
import {
  type DatabaseKind,
  disposeTemplate,
  prepareTemplate,
  startTrialPortal,
  type Topology,
  TRIAL_PASSWORD,
  type TrialPortal,
  type TrialTemplate,
} from './fault-portal.ts';
import { signInThroughLoginPage } from './sign-in.ts';

// Fault-injection trials: a seeded plan picks the stage of a package's way through the portal
// (upload completion, ingestion, level-of-detail build, publishing, trajectory processing), the
// process layout and the database; the trial drives the flow over HTTP, SIGKILLs the process
// doing that stage at a seeded moment inside it, restarts it, lets the portal settle and checks
// that every job ran to its end exactly once, every stored object has the right bytes and the
// activity log says so. A ppk trial uploads a base station and runs RTKLIB on the package's
// session instead of publishing it, so the other trials pay nothing for the base station.

export const STAGES = ['upload-completion', 'ingestion', 'lod', 'publishing', 'ppk'] as const;
export type Stage = (typeof STAGES)[number];

export interface Setup {
  topology: Topology;
  database: DatabaseKind;
}

/** PGlite serves one process, so the separate worker runs on the PostgreSQL server. */
export const SETUPS: readonly Setup[] = [
  { topology: 'all-in-one', database: 'pglite' },
  { topology: 'web+worker', database: 'postgres' },
  { topology: 'all-in-one', database: 'postgres' },
];

/**
 * How long after a stage is seen to start the kill may come. A stage's own length on a tiny
 * package is about this long, so most kills land inside it and some just after.
 */
const KILL_WINDOW_MS: Record<Stage, number> = {
  'upload-completion': 40,
  ingestion: 250,
  lod: 150,
  publishing: 200,
  // Fetch of the GNSS files, rnx2rtkp (about 0.3 s on the fixtures), QC and the correction.
  ppk: 600,
};

export interface TrialPlan {
  index: number;
  seed: number;
  stage: Stage;
  setup: Setup;
  /** Wait from the moment the stage is seen running to the SIGKILL. */
  killDelayMs: number;
}

/** mulberry32: a small seeded generator, so a failing trial replays from its seed. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * `count` trials from `seed`: stages and setups in turn, so every stage meets every setup
 * (5 stages × 3 setups repeat every 15 trials); the kill moment is drawn from the trial's seed.
 */
export function planTrials(count: number, seed: number): TrialPlan[] {
  return Array.from({ length: count }, (_, index) => {
    const trialSeed = (seed + index * 7919) >>> 0;
    const stage = STAGES[index % STAGES.length]!;
    const setup = SETUPS[Math.floor(index / STAGES.length) % SETUPS.length]!;
    const killDelayMs = Math.floor(seededRandom(trialSeed)() * KILL_WINDOW_MS[stage]);
    return { index, seed: trialSeed, stage, setup, killDelayMs };
  });
}

export interface TrialPackage {
  path: string;
  name: string;
  bytes: Buffer;
  sha256: string;
  manifest: LuxlzManifest;
  /** SHA-256 of each scan's point-cloud entry, by scan id. */
  cloudSha256: Map<string, string>;
}

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

export async function streamSha256(stream: Readable): Promise<{ sha256: string; size: number }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of stream) {
    hash.update(chunk as Buffer);
    size += (chunk as Buffer).length;
  }
  return { sha256: hash.digest('hex'), size };
}

/**
 * One small session of one scan at GEONET 0759 for the device the demo assigns to Tokyo Bay. The
 * generator's default start puts it inside the 3040 base station's observations, and the PPK
 * offset makes it a static session at the surveyed rover position, so a run on it passes and
 * writes corrected clouds. Another size or start (inside the hour of the base station) makes
 * another session of the same device.
 */
export async function buildTrialPackage(
  outDir: string,
  { targetSize = '300KB', sessionStart }: { targetSize?: string; sessionStart?: Date } = {},
): Promise<TrialPackage> {
  const options = parseGeneratorArgs([
    ...['--out', outDir, '--device', 'LG-9001', '--scans', '1', '--target-size', targetSize],
    ...['--ppk-offset', '0.3,-0.2,0.25'],
    ...(sessionStart ? ['--session-start', sessionStart.toISOString()] : []),
  ]);
  const built = await makePackage(options);
  const bytes = fs.readFileSync(built.luxlzPath);
  const opened = await openPackage(built.luxlzPath);
  const cloudSha256 = new Map<string, string>();
  try {
    for (const scan of built.manifest.scans) {
      const entry = opened.entries.find((e) => e.name.startsWith(`scans/${scan.id}/pointcloud.`));
      if (!entry) throw new Error(`The generated package has no point cloud for ${scan.id}`);
      cloudSha256.set(scan.id, (await streamSha256(await opened.readEntry(entry.name))).sha256);
    }
  } finally {
    opened.close();
  }
  return {
    path: built.luxlzPath,
    name: path.basename(built.luxlzPath),
    bytes,
    sha256: sha256(bytes),
    manifest: built.manifest,
    cloudSha256,
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Answer<T> {
  data?: T | null;
  errors?: { message: string }[];
}

export class PortalClient {
  constructor(
    readonly origin: string,
    private readonly cookie: string,
  ) {}

  async gql<T>(query: string, variables: Record<string, unknown> = {}): Promise<T> {
    const response = await fetch(`${this.origin}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: this.cookie },
      body: JSON.stringify({ query, variables }),
    });
    const answer = (await response.json()) as Answer<T>;
    if (answer.errors?.length) {
      throw new Error(`${query.trim().split('\n')[0]}: ${JSON.stringify(answer.errors)}`);
    }
    return answer.data as T;
  }
}

export interface LogEntry {
  id: string;
  activityType: string;
  referenceKey: string | null;
  status: string;
  message: string | null;
}

const LOGS = `query { activityLogs(pageSize: 100, sort: "id:asc") {
  items { id activityType referenceKey status message } } }`;

/** An entry that will not move again (a failure "tried again" is not the end). */
export const isFinal = (entry: LogEntry) =>
  ['Completed', 'Error', 'Failed'].includes(entry.status) &&
  !/tried again/.test(entry.message ?? '');

export async function logs(client: PortalClient): Promise<LogEntry[]> {
  return (await client.gql<{ activityLogs: { items: LogEntry[] } }>(LOGS)).activityLogs.items;
}

/** Polls the activity log until an entry of `type` satisfies `done`; the entry. */
export async function waitForEntry(
  client: PortalClient,
  type: string,
  done: (entry: LogEntry) => boolean,
  timeoutMs: number,
): Promise<LogEntry> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const entries = await logs(client);
    const entry = entries.find((e) => e.activityType === type && done(e));
    if (entry) return entry;
    if (Date.now() > deadline) {
      const log = entries.map(
        (e) => `  ${e.activityType} ${e.referenceKey}: ${e.status} ${e.message}`,
      );
      throw new Error(
        `Timed out after ${timeoutMs} ms waiting for a ${type} entry; the log:\n${log.join('\n')}`,
      );
    }
    await sleep(20);
  }
}

const MULTIPART = `query($filename: String!, $numberOfParts: Int!, $size: Float!) {
  getPackageUploadMultipartInfo(filename: $filename, numberOfParts: $numberOfParts, size: $size) {
    uploadId parts { partNumber signedUrl } } }`;
const COMPLETE = `mutation($filename: String!, $uploadId: String!, $eTags: String!) {
  completePackageUploadMultipart(filename: $filename, uploadId: $uploadId, eTags: $eTags) }`;
const PROJECTS = `query { projects { id name organization { id } } }`;
const BUCKETS = `query($org: ID) { buckets(organizationId: $org) { id endpoint bucket } }`;
const SCANS = `query($projectId: ID!) { scansForProject(projectId: $projectId) { id sessionId } }`;
const PUBLISH = `mutation($projectId: ID!, $bucketId: ID!, $scan: PublishScanInput!) {
  publishScan(projectId: $projectId, bucketId: $bucketId, targetFolder: "faults",
    includeImages: false, transform: false, scan: $scan) { submitted } }`;

const BASESTATION_URL = `query($filename: String!, $size: Float!) {
  getBasestationUploadSignedURL(filename: $filename, size: $size) { uploadUrl } }`;
const REGISTER_BASESTATION = `mutation($projectId: ID!, $filename: String!) {
  registerUploadedBasestationFile(projectId: $projectId, filename: $filename) { id } }`;
const BASESTATION = `query($id: ID!) { basestation(id: $id) { status statusMessage } }`;
const CREATE_RUN = `mutation($run: TrajectoryProcessingRunInput!) {
  createSessionTrajectoryProcessingRun(trajectoryProcessingRun: $run) { id status } }`;
const RUNS = `query($sessionId: String!) {
  trajectoryProcessingRunsForSession(sessionId: $sessionId) { id status statusMessge } }`;

const PROJECT_NAME = 'Tokyo Bay Test Range';
const STAGE_TIMEOUT_MS = 60_000;

export interface TrialResult {
  plan: TrialPlan;
  passed: boolean;
  problems: string[];
  /** True when the stage was still running at the kill (its job or request had to be redone). */
  interrupted: boolean;
  ms: number;
  /** Milliseconds spent in each phase, for finding where a trial's time goes. */
  phases: Record<string, number>;
}

/** Retries a call the dying process may have lost, the way a client would after a restart. */
async function retrying<T>(call: () => Promise<T>, attempts = 20): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await call();
    } catch (error) {
      if (attempt >= attempts) throw error;
      await sleep(250);
    }
  }
}

/** What the trials of one run share: the package, the seeded templates, a scratch folder. */
export interface TrialBench {
  pkg: TrialPackage;
  /** The 3040 base-station zip the ppk trials upload. */
  basestation: TrialBasestation;
  workDir: string;
  templates: Record<DatabaseKind, TrialTemplate>;
  dispose(): Promise<void>;
}

export interface TrialBasestation {
  name: string;
  bytes: Buffer;
}

export async function prepareTrials(workDir: string): Promise<TrialBench> {
  const pkg = await buildTrialPackage(path.join(workDir, 'package'));
  const zip = await makeBasestationZip(defaultFixturesDir(), path.join(workDir, 'package'));
  const basestation = { name: path.basename(zip.path), bytes: fs.readFileSync(zip.path) };
  const pglite = await prepareTemplate('pglite', workDir);
  const postgres = await prepareTemplate('postgres', workDir);
  return {
    pkg,
    basestation,
    workDir,
    templates: { pglite, postgres },
    async dispose() {
      await disposeTemplate(pglite);
      await disposeTemplate(postgres);
    },
  };
}

/** Runs one trial on a portal of its own; never throws (a failure is a problem of the result). */
export async function runTrial(plan: TrialPlan, bench: TrialBench): Promise<TrialResult> {
  const { pkg, workDir } = bench;
  const started = performance.now();
  const problems: string[] = [];
  const cut = { interrupted: false };
  let portal: TrialPortal | undefined;
  const phases: Record<string, number> = {};
  let mark = performance.now();
  const phase = (name: string) => {
    const now = performance.now();
    phases[name] = Math.round(now - mark);
    mark = now;
  };
  try {
    portal = await startTrialPortal({
      topology: plan.setup.topology,
      template: bench.templates[plan.setup.database],
      workDir,
      name: `t${plan.index}_${process.pid}`,
    });
    phase('start');
    await driveFlow(plan, bench, portal, phase, cut);
    await portal.stop();
    phase('stop');
    problems.push(...(await checkOutcome(portal, pkg, plan.stage)));
    phase('check');
  } catch (error) {
    problems.push(`The trial did not finish: ${(error as Error).stack ?? String(error)}`);
  }
  if (problems.length > 0 && portal) problems.push(`Process output:\n${portal.output()}`);
  await portal?.dispose().catch(() => {});
  return {
    plan,
    passed: problems.length === 0,
    problems,
    interrupted: cut.interrupted,
    ms: performance.now() - started,
    phases,
  };
}

export async function signIn(origin: string): Promise<PortalClient> {
  const { sessionCookie } = await signInThroughLoginPage(origin, 'aadmin', TRIAL_PASSWORD);
  if (!sessionCookie) throw new Error('The admin could not sign in');
  return new PortalClient(origin, sessionCookie);
}

/**
 * Uploads a package the way the browser does: presigned multipart URLs, every part in one go.
 * Returns the completion call that hands it to ingestion (a client repeats it after a lost answer).
 */
export async function uploadPackageParts(
  client: PortalClient,
  pkg: { name: string; bytes: Buffer },
): Promise<() => Promise<unknown>> {
  const count = numberOfPartsFor(pkg.bytes.length);
  const { getPackageUploadMultipartInfo: info } = await client.gql<{
    getPackageUploadMultipartInfo: {
      uploadId: string;
      parts: { partNumber: number; signedUrl: string }[];
    };
  }>(MULTIPART, { filename: pkg.name, numberOfParts: count, size: pkg.bytes.length });
  const eTags: string[] = [];
  for (const part of info.parts) {
    const { start, end } = partRange(pkg.bytes.length, part.partNumber);
    const response = await fetch(part.signedUrl, {
      method: 'PUT',
      body: pkg.bytes.subarray(start, end),
    });
    if (response.status !== 200) throw new Error(`Part upload answered ${response.status}`);
    eTags.push(response.headers.get('etag')!);
  }
  return () =>
    client.gql(COMPLETE, { filename: pkg.name, uploadId: info.uploadId, eTags: eTags.join(',') });
}

async function driveFlow(
  plan: TrialPlan,
  bench: TrialBench,
  portal: TrialPortal,
  phase: (name: string) => void,
  cut: { interrupted: boolean },
) {
  const { pkg } = bench;
  const client = await signIn(portal.origin);
  phase('sign-in');
  const killAndRestart = async (role: 'api' | 'job') => {
    const victim = role === 'api' ? portal.apiRole() : portal.jobRole();
    await portal.kill(victim);
    await portal.restart(victim);
  };
  /** Kills the stage's process `killDelayMs` after its entry shows up; true when it was cut. */
  const killDuring = async (type: string) => {
    await waitForEntry(client, type, () => true, STAGE_TIMEOUT_MS);
    await sleep(plan.killDelayMs);
    const before = (await logs(client)).find((e) => e.activityType === type);
    await killAndRestart('job');
    return !before || !isFinal(before);
  };

  // Upload: multipart, every part in one go, then the completion that hands it to ingestion.
  const complete = await uploadPackageParts(client, pkg);
  if (plan.stage === 'upload-completion') {
    const answered = complete().then(
      () => true,
      () => false,
    );
    await sleep(plan.killDelayMs);
    await killAndRestart('api');
    cut.interrupted = !(await answered);
    // The browser's upload engine asks again after a lost answer.
    if (cut.interrupted) await retrying(complete);
  } else {
    await complete();
  }
  phase('upload');

  if (plan.stage === 'ingestion') cut.interrupted = await killDuring('PackageIngest');
  await waitForEntry(client, 'PackageIngest', isFinal, STAGE_TIMEOUT_MS);
  phase('ingestion');
  if (plan.stage === 'lod') cut.interrupted = await killDuring('PointCloudLod');
  await waitForEntry(client, 'PointCloudLod', isFinal, STAGE_TIMEOUT_MS);
  phase('lod');

  const { projects } = await client.gql<{
    projects: { id: string; name: string; organization: { id: string } }[];
  }>(PROJECTS);
  const project = projects.find((p) => p.name === PROJECT_NAME);
  if (!project) throw new Error(`No project ${PROJECT_NAME}`);
  const { buckets } = await client.gql<{ buckets: { id: string; endpoint: string | null }[] }>(
    BUCKETS,
    { org: project.organization.id },
  );
  const bucket = buckets.find((b) => b.endpoint === 'portal');
  if (!bucket) throw new Error('No bucket in the portal store');
  const { scansForProject } = await client.gql<{
    scansForProject: { id: string; sessionId: string | null }[];
  }>(SCANS, { projectId: project.id });
  const scan = scansForProject.find((s) => s.sessionId === pkg.manifest.sessionId);
  if (!scan) throw new Error(`No scan of session ${pkg.manifest.sessionId} in ${PROJECT_NAME}`);
  if (plan.stage === 'ppk') {
    await processTrajectory(client, project.id, pkg.manifest.sessionId, bench.basestation, {
      killDuring: async (type) => {
        cut.interrupted = await killDuring(type);
      },
      phase,
    });
  } else {
    const cutShort = await publish(client, project.id, bucket.id, scan, plan, killDuring);
    if (plan.stage === 'publishing') cut.interrupted = cutShort;
    phase('publishing');
  }

  // Quiet: nothing in the log still moving.
  const deadline = Date.now() + STAGE_TIMEOUT_MS;
  while ((await logs(client)).some((e) => e.referenceKey && !isFinal(e))) {
    if (Date.now() > deadline) throw new Error('The activity log did not settle');
    await sleep(50);
  }
}

async function publish(
  client: PortalClient,
  projectId: string,
  bucketId: string,
  scan: { id: string; sessionId: string | null },
  plan: TrialPlan,
  killDuring: (type: string) => Promise<boolean>,
) {
  const cut = { interrupted: false };
  await retrying(() =>
    client.gql(PUBLISH, {
      projectId,
      bucketId,
      scan: { scanId: scan.id, sessionId: scan.sessionId },
    }),
  );
  if (plan.stage === 'publishing') cut.interrupted = await killDuring('ScanPublishing');
  await waitForEntry(client, 'ScanPublishing', isFinal, STAGE_TIMEOUT_MS);
  return cut.interrupted;
}

/**
 * The ppk stage: uploads the base station as the browser does (signed PUT, then registration),
 * waits until it is Ready, submits a run of the session on it, kills the worker inside the run
 * and waits for the run to end.
 */
async function processTrajectory(
  client: PortalClient,
  projectId: string,
  sessionId: string,
  basestation: TrialBasestation,
  hooks: { killDuring: (type: string) => Promise<void>; phase: (name: string) => void },
) {
  const { getBasestationUploadSignedURL: signed } = await client.gql<{
    getBasestationUploadSignedURL: { uploadUrl: string };
  }>(BASESTATION_URL, { filename: basestation.name, size: basestation.bytes.length });
  const put = await fetch(signed.uploadUrl, {
    method: 'PUT',
    headers: { 'content-type': BASESTATION_CONTENT_TYPE },
    body: basestation.bytes,
  });
  if (put.status !== 200) throw new Error(`Base-station upload answered ${put.status}`);
  const { registerUploadedBasestationFile: registered } = await client.gql<{
    registerUploadedBasestationFile: { id: string };
  }>(REGISTER_BASESTATION, { projectId, filename: basestation.name });
  await waitForEntry(client, BASESTATION_ACTIVITY, isFinal, STAGE_TIMEOUT_MS);
  const { basestation: processed } = await client.gql<{
    basestation: { status: string; statusMessage: string | null } | null;
  }>(BASESTATION, { id: registered.id });
  if (processed?.status !== 'Ready') {
    throw new Error(`The base station ended ${processed?.status}: ${processed?.statusMessage}`);
  }
  hooks.phase('basestation');

  const { createSessionTrajectoryProcessingRun: run } = await client.gql<{
    createSessionTrajectoryProcessingRun: { id: string; status: string };
  }>(CREATE_RUN, { run: { sessionId, basestationIds: [registered.id] } });
  await hooks.killDuring(TRAJECTORY_PROCESSING_ACTIVITY);
  const deadline = Date.now() + STAGE_TIMEOUT_MS;
  for (;;) {
    const { trajectoryProcessingRunsForSession: runs } = await client.gql<{
      trajectoryProcessingRunsForSession: { id: string; status: string }[];
    }>(RUNS, { sessionId });
    const status = runs.find((r) => r.id === run.id)?.status;
    if (status === 'Completed' || status === 'Failed') break;
    if (Date.now() > deadline) throw new Error(`Run ${run.id} is still ${status}`);
    await sleep(50);
  }
  hooks.phase('ppk');
}

/** The kinds a package's way through the portal queues, each for exactly one reference. */
function expectedJobs(stage: Stage): string[] {
  const common = ['ingest-package', 'build-point-cloud-lod'];
  return stage === 'ppk'
    ? [...common, PROCESS_BASESTATION_KIND, TRAJECTORY_RUN_KIND]
    : [...common, 'publish-scan'];
}

function expectedEntries(stage: Stage): string[] {
  const common = ['PackageUpload', 'PackageIngest', 'PointCloudLod'];
  return stage === 'ppk'
    ? [...common, BASESTATION_ACTIVITY, TRAJECTORY_PROCESSING_ACTIVITY]
    : [...common, 'ScanPublishing'];
}

/** What the job is about: the package key, scan id, run id or base-station id of its payload. */
export function jobReference(payload: unknown): string {
  const p = jsonOf<Record<string, unknown>>(payload);
  return String(p.key ?? p.scanId ?? p.runId ?? p.basestationId ?? JSON.stringify(p));
}

export function jsonOf<T>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}

/** The database, jobs and objects of a stopped portal, checked against the flow's promises. */
export async function checkOutcome(
  portal: TrialPortal,
  pkg: TrialPackage,
  stage: Stage,
): Promise<string[]> {
  const db = await openDatabase(
    portal.databaseUrl
      ? { url: portal.databaseUrl, poolSize: 2 }
      : { dataDir: pgliteDirectory(portal.dataDir) },
  );
  try {
    return [
      ...(await checkJobsAndLog(db, stage)),
      ...(await checkObjects(db, portal, pkg, stage)),
      ...(stage === 'ppk' ? await checkRuns(db, portal) : []),
      ...checkWorkFolders(portal),
    ];
  } finally {
    await db.destroy();
  }
}

/** The killed worker's work folder (a package or cloud copy) is gone after the restart. */
function checkWorkFolders(portal: TrialPortal): string[] {
  return WORK_AREAS.flatMap((area) => {
    const parent = path.join(portal.dataDir, 'tmp', area);
    const left = fs.existsSync(parent) ? fs.readdirSync(parent) : [];
    return left.length > 0 ? [`Work files left in tmp/${area}: ${left.join(', ')}`] : [];
  });
}

async function checkJobsAndLog(db: Db, stage: Stage): Promise<string[]> {
  const problems: string[] = [];
  const jobs = await withJobTables(db).selectFrom('jobs').selectAll().orderBy('id').execute();
  // A passing run makes the corrected cloud the scan's default and builds its level of detail:
  // one more build of that scan per corrected version.
  const corrected = await db
    .selectFrom('artifacts')
    .select('scanId')
    .where('artifactType', '=', 'pointcloud')
    .where('status', '=', 'final')
    .execute();
  const timesExpected = (ref: string) =>
    1 + corrected.filter((a) => ref === `build-point-cloud-lod ${a.scanId}`).length;
  const doneBy = new Map<string, number[]>();
  for (const job of jobs) {
    const ref = `${job.kind} ${jobReference(job.payload)}`;
    if (job.status !== 'done') {
      problems.push(`Job ${job.id} (${ref}) ended ${job.status}: ${job.lastError ?? ''}`);
    } else doneBy.set(ref, [...(doneBy.get(ref) ?? []), job.id]);
  }
  for (const kind of expectedJobs(stage)) {
    const done = [...doneBy].filter(([ref]) => ref.startsWith(`${kind} `));
    if (done.length !== 1) problems.push(`${kind}: ${done.length} references done, expected 1`);
  }
  for (const [ref, ids] of doneBy) {
    if (ids.length !== timesExpected(ref)) {
      problems.push(
        `${ref} was done ${ids.length} times (jobs ${ids}), expected ${timesExpected(ref)}`,
      );
    }
  }

  const entries = await db
    .selectFrom('activityLogs')
    .selectAll()
    .where('referenceKey', 'is not', null)
    .orderBy('id')
    .execute();
  const byKey = new Map<string, typeof entries>();
  for (const entry of entries) {
    const key = `${entry.activityType} ${entry.referenceKey}`;
    byKey.set(key, [...(byKey.get(key) ?? []), entry]);
  }
  for (const [key, rows] of byKey) {
    const completed = rows.filter((r) => r.status === 'Completed').length;
    if (rows.length !== 1) problems.push(`Activity ${key}: ${rows.length} entries, expected 1`);
    if (completed !== 1) {
      problems.push(
        `Activity ${key}: ${completed} Completed (statuses ${rows.map((r) => `${r.status}: ${r.message}`).join('; ')})`,
      );
    }
    // The finished entry names the job that did the work.
    const jobId = jsonOf<{ jobId?: number } | null>(rows.at(-1)?.payload)?.jobId;
    if (jobId !== undefined) {
      const job = jobs.find((j) => j.id === jobId);
      if (job?.status !== 'done') {
        problems.push(`Activity ${key} names job ${jobId}, which is ${job?.status ?? 'missing'}`);
      }
    }
  }
  for (const type of expectedEntries(stage)) {
    if (![...byKey.keys()].some((key) => key.startsWith(`${type} `))) {
      problems.push(`No ${type} entry in the activity log`);
    }
  }
  return problems;
}

/** The portal's object store, read straight from its folder. */
function storeOf(portal: TrialPortal): EmbeddedObjectStorage {
  return new EmbeddedObjectStorage({
    rootDir: path.join(portal.dataDir, 'objects'),
    endpoint: 'http://127.0.0.1/storage',
    credentials: { accessKeyId: 'unused', secretAccessKey: 'unused-for-reading' },
  });
}

const keyOf = (s3Url: string) => s3Url.replace(/^s3:\/\/[^/]+\//, '');

async function checkObjects(
  db: Db,
  portal: TrialPortal,
  pkg: TrialPackage,
  stage: Stage,
): Promise<string[]> {
  const problems: string[] = [];
  const root = path.join(portal.dataDir, 'objects');
  const storage = storeOf(portal);
  const objectSha = async (key: string) => streamSha256(await storage.getStream(key));

  const ingest = await withJobTables(db)
    .selectFrom('jobs')
    .select('payload')
    .where('kind', '=', 'ingest-package')
    .executeTakeFirst();
  if (ingest) {
    const key = jobReference(ingest.payload);
    const stored = await objectSha(key).catch(() => null);
    if (stored?.sha256 !== pkg.sha256) problems.push(`Package object ${key} differs from the file`);
  }

  const scans = await db
    .selectFrom('scans')
    .select('id')
    .where('sessionId', '=', pkg.manifest.sessionId)
    .execute();
  if (scans.length !== pkg.manifest.scans.length) {
    problems.push(`${scans.length} scans stored, the package has ${pkg.manifest.scans.length}`);
  }
  for (const scan of pkg.manifest.scans) {
    const artifacts = await db
      .selectFrom('artifacts')
      .selectAll()
      .where('scanId', '=', scan.id)
      .where('artifactType', '=', 'pointcloud')
      // A passing run's corrected clouds are final versions, checked with the run.
      .where('status', '!=', 'final')
      .execute();
    if (artifacts.length !== 1) {
      problems.push(`Scan ${scan.id}: ${artifacts.length} point-cloud artifacts, expected 1`);
      continue;
    }
    const artifact = artifacts[0]!;
    const cloud = await objectSha(keyOf(artifact.s3Url ?? '')).catch(() => null);
    if (cloud?.sha256 !== pkg.cloudSha256.get(scan.id)) {
      problems.push(`Scan ${scan.id}: the stored point cloud differs from the package entry`);
    }
    problems.push(...(await checkLod(storage, `Scan ${scan.id}`, artifact, scan.pointCount)));
    if (stage !== 'ppk') {
      problems.push(...(await checkPublished(storage, root, scan.id, cloud?.sha256)));
    }
  }
  return problems;
}

/** The level of detail recorded on a point-cloud artifact: built from its cloud, every node readable. */
export async function checkLod(
  storage: ObjectStorage,
  label: string,
  artifact: { s3Url: string | null; parameters: unknown },
  pointCount: number,
): Promise<string[]> {
  const problems: string[] = [];
  const lod = lodRecordOf(jsonOf(artifact.parameters));
  if (!lod) return [`${label}: no level of detail recorded`];
  if (lod.source.s3Url !== artifact.s3Url) {
    problems.push(`${label}: the level of detail was built from ${lod.source.s3Url}`);
  }
  try {
    const octree = await openPotree(storagePotreeSource(storage, lod.prefix));
    let points = 0;
    for (const node of await octree.nodes()) {
      const decoded = await octree.readNode(node);
      if (decoded.count !== node.numPoints) {
        problems.push(`${label}: LOD node ${node.name} decodes to ${decoded.count}`);
      }
      points += node.numPoints;
    }
    if (points !== lod.pointCount || points !== pointCount) {
      problems.push(
        `${label}: LOD holds ${points} points; artifact says ${lod.pointCount}, expected ${pointCount}`,
      );
    }
  } catch (error) {
    problems.push(`${label}: LOD unreadable: ${(error as Error).message}`);
  }
  return problems;
}

/**
 * The trajectory runs of a ppk trial: each ended (the trial's session passes on the 3040 base
 * station, so Completed), its one activity entry says what the run row says, every object it
 * names exists, and each corrected cloud is a stored object with its level of detail.
 */
async function checkRuns(db: Db, portal: TrialPortal): Promise<string[]> {
  const problems: string[] = [];
  const storage = storeOf(portal);
  const runs = await db.selectFrom('trajectoryProcessingRuns').selectAll().execute();
  if (runs.length !== 1) problems.push(`${runs.length} trajectory processing runs, expected 1`);
  for (const run of runs) {
    const label = `Run ${run.id}`;
    if (run.status !== 'Completed') {
      problems.push(`${label} ended ${run.status}: ${run.statusMessage}`);
    }
    const entries = await db
      .selectFrom('activityLogs')
      .selectAll()
      .where('activityType', '=', TRAJECTORY_PROCESSING_ACTIVITY)
      .where('referenceKey', '=', runActivityKey(run.organizationId ?? 0, run.id))
      .execute();
    const entry = entries[0];
    if (entries.length !== 1 || !entry) {
      problems.push(`${label}: ${entries.length} activity entries, expected 1`);
    } else if (entry.status !== run.status || !entry.message?.includes(run.statusMessage ?? '')) {
      problems.push(
        `${label} is ${run.status} (${run.statusMessage}); its activity entry says ${entry.status}: ${entry.message}`,
      );
    }
    const objects = {
      log: run.logS3Url,
      'amb status': run.ambStatusS3Url,
      'altitude separations': run.altitudeSeparationsS3Url,
      'distance separations': run.distanceSeparationsS3Url,
      'satellite counts': run.numSatsS3Url,
      'trajectory audit': run.trajectoryAuditS3Url,
      options: run.optionsS3Url,
    };
    for (const [name, s3Url] of Object.entries(objects)) {
      if (s3Url && !(await storage.head(keyOf(s3Url)))) {
        problems.push(`${label}: its ${name} object ${s3Url} does not exist`);
      }
    }
    if (run.status === 'Completed' && !run.logS3Url) problems.push(`${label}: no log`);
    if (run.logS3Url && run.statusMessage) {
      const chunks: Buffer[] = [];
      const stream = await storage.getStream(keyOf(run.logS3Url)).catch(() => null);
      for await (const chunk of stream ?? []) chunks.push(chunk as Buffer);
      if (!Buffer.concat(chunks).toString().includes(run.statusMessage)) {
        problems.push(`${label}: its log does not end with its status (${run.statusMessage})`);
      }
    }
    const versions = run.versionName
      ? await db
          .selectFrom('artifacts')
          .selectAll()
          .where('artifactType', '=', 'pointcloud')
          .where('name', '=', run.versionName)
          .execute()
      : [];
    if (run.versionName && versions.length === 0) {
      problems.push(`${label}: version ${run.versionName} has no corrected clouds`);
    }
    for (const version of versions) {
      const where = `${label}: scan ${version.scanId} version ${version.name}`;
      const head = await storage.head(keyOf(version.s3Url ?? ''));
      if (!head) {
        problems.push(`${where}: its cloud ${version.s3Url} does not exist`);
        continue;
      }
      if (head.size !== Number(version.size)) {
        problems.push(`${where}: ${head.size} bytes stored, the artifact says ${version.size}`);
      }
      const points = Number(jsonOf<{ points?: number }>(version.parameters).points);
      problems.push(...(await checkLod(storage, where, version, points)));
    }
  }
  return problems;
}

/** Finds the scan's manifest.json under published/ and checks every file it lists. */
async function checkPublished(
  storage: EmbeddedObjectStorage,
  root: string,
  scanId: string,
  cloudSha256: string | undefined,
): Promise<string[]> {
  const published = path.join(root, 'published');
  const manifests = fs.existsSync(published)
    ? (fs.readdirSync(published, { recursive: true }) as string[])
        .filter((name) => name.split(path.sep).includes(scanId))
        .filter((name) => path.basename(name) === 'manifest.json')
    : [];
  if (manifests.length !== 1) return [`Scan ${scanId}: ${manifests.length} published manifests`];
  const dir = path.posix.dirname(`published/${manifests[0]!.split(path.sep).join('/')}`);
  const read = async (key: string) => {
    const chunks: Buffer[] = [];
    for await (const chunk of await storage.getStream(key)) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  };
  const manifest = JSON.parse((await read(`${dir}/manifest.json`)).toString()) as PublishManifest;
  const problems: string[] = [];
  for (const file of manifest.files) {
    const bytes = await read(`${dir}/${file.name}`).catch(() => null);
    if (bytes?.length !== file.size) {
      problems.push(
        `Published ${file.name}: ${bytes?.length ?? 'no'} bytes, manifest ${file.size}`,
      );
    } else if (file.name.endsWith('.las') && sha256(bytes) !== cloudSha256) {
      problems.push(`Published ${file.name} differs from the scan's point cloud`);
    }
  }
  return problems;
}

export interface StageSummary {
  stage: string;
  trials: number;
  passed: number;
  failed: number;
  interrupted: number;
  ms: number;
}

/** Counts per stage and per setup (topology and database), for the report. */
export function summarize(results: TrialResult[]): StageSummary[] {
  const groups = new Map<string, TrialResult[]>();
  for (const result of results) {
    const { stage, setup } = result.plan;
    for (const key of [stage, `${setup.topology} / ${setup.database}`]) {
      groups.set(key, [...(groups.get(key) ?? []), result]);
    }
  }
  return [...groups].map(([stage, rows]) => ({
    stage,
    trials: rows.length,
    passed: rows.filter((r) => r.passed).length,
    failed: rows.filter((r) => !r.passed).length,
    interrupted: rows.filter((r) => r.interrupted).length,
    ms: rows.reduce((sum, r) => sum + r.ms, 0),
  }));
}
