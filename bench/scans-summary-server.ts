// The server side of bench/scans-summary.mjs: the real app (createApp) on a database holding one
// project of SCANS scans, plus GET /bench/bare-scans, which authenticates the same way and calls
// the same service and repository functions as the scansSummary resolver, then returns plain JSON.
// Run with: node --import tsx bench/scans-summary-server.ts  (env BENCH_DB=pglite|postgres)
// GET /bench/state reports the process memory; POST /bench/touch changes one scan (a new project
// version). Prints one line `BENCH_READY {...}` when it listens; SIGTERM closes it and drops its database.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createApp } from '../packages/server/src/app.ts';
import { loadConfig } from '../packages/server/src/config/config.ts';
import { type Db, migrateToLatest, openDatabase } from '../packages/server/src/db/database.ts';
import type { UserRow } from '../packages/server/src/db/schema.ts';
import type { RequestContext } from '../packages/server/src/graphql/context.ts';
import { authenticate } from '../packages/server/src/identity/bff/authenticate.ts';
import { SESSION_COOKIE } from '../packages/server/src/identity/bff/session-cookie.ts';
import { webSessionRepository } from '../packages/server/src/identity/bff/web-session.repository.ts';
import { scanSummaryService } from '../packages/server/src/modules/scan-summary/scan-summary.service.ts';
import { startSummaryRefresher } from '../packages/server/src/modules/scan-summary/summary-refresher.ts';
import { scanPathColumns } from '../packages/server/src/modules/scan-summary/viewer-path.ts';
import { groupBy, scanRepository } from '../packages/server/src/modules/scans/scan.repository.ts';
import { scanService } from '../packages/server/src/modules/scans/scan.service.ts';
import { factories } from '../packages/server/test/factories.ts';

const KIND = process.env.BENCH_DB === 'postgres' ? 'postgres' : 'pglite';
const SCANS = Number(process.env.BENCH_SCANS ?? 10_000);
const VERTICES = 50;
const POSTGRES_URL = process.env.BENCH_POSTGRES_URL ?? 'postgresql://postgres@127.0.0.1:5432/test';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ap-bench-scans-'));
let dropDatabase = async () => {};

async function openBenchDatabase(): Promise<Db> {
  if (KIND === 'pglite') {
    // A folder, as `npm start` uses, rather than memory://.
    return openDatabase({ dataDir: path.join(dataDir, 'pglite') });
  }
  const name = `ap_bench_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  dropDatabase = async () => {
    const cleanup = new pg.Client({ connectionString: POSTGRES_URL });
    await cleanup.connect();
    await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await cleanup.end();
  };
  // The default DATABASE_POOL_SIZE.
  return openDatabase({ url: POSTGRES_URL.replace(/\/[^/?]*(\?|$)/, `/${name}$1`), poolSize: 10 });
}

/** A wandering drive line of VERTICES points with survey-grade precision, like a real scan. */
function drivePath(n: number) {
  let lon = -123.1 + (n % 100) * 0.003;
  let lat = 49.2 + Math.floor(n / 100) * 0.002;
  const coordinates: number[][] = [];
  for (let i = 0; i < VERTICES; i++) {
    lon += 0.00005 + Math.sin(n + i) * 0.00002;
    lat += 0.00003 + Math.cos(n * 7 + i) * 0.00002;
    coordinates.push([
      Number(lon.toFixed(8)),
      Number(lat.toFixed(8)),
      Number((60 + i * 0.1).toFixed(3)),
    ]);
  }
  return { type: 'LineString', coordinates };
}

const TAGS = ['QA - OK', 'QA - Issue/Poor', 'Reprocess', 'Night drive'];
const ARTIFACT_TYPES = ['pointcloud', 'center_cam', 'left_cam', 'right_cam'];

async function seed(db: Db) {
  const organization = await factories.organization(db, { name: 'Bench Org' });
  const user = await factories.user(db, organization.id, 'Admin');
  const project = await factories.project(db, organization.id, { name: 'Bench Project' });
  const start = Date.UTC(2025, 0, 1);
  const BATCH = 500;
  let artifacts = 0;
  for (let offset = 0; offset < SCANS; offset += BATCH) {
    const scans = [];
    const scanArtifacts = [];
    for (let n = offset; n < Math.min(SCANS, offset + BATCH); n++) {
      const id = `SC-${String(n).padStart(8, '0')}-${randomBytes(4).toString('hex')}`;
      const captured = new Date(start + n * 600_000);
      scans.push({
        id,
        organizationId: organization.id,
        projectId: project.id,
        friendlyName: `Drive ${n} - Main St northbound`,
        type: 'mobile',
        assignmentType: n % 10 === 0 ? 'Imported' : 'Device',
        tags: TAGS.slice(0, n % 3),
        length: 850 + (n % 400) * 1.25,
        metadata: JSON.stringify({
          trajectory_orientation: 'forward',
          device_orientation: n % 2 ? 'left' : 'right',
          device_position: { x: 0.12, y: -0.4, z: 1.85 },
        }),
        comment: n % 4 === 0 ? 'Checked against control points' : null,
        defaultVersion: 'v1',
        capturedTimestamp: captured,
        endCapturedTimestamp: new Date(captured.getTime() + 420_000),
        friendlyLocationName: `Vancouver, BC - segment ${n % 250}`,
        ...scanPathColumns(drivePath(n)),
      });
      const count = 2 + (n % 3);
      for (let a = 0; a < count; a++) {
        const type = ARTIFACT_TYPES[a] as string;
        scanArtifacts.push({
          scanId: id,
          artifactType: type,
          name: type === 'pointcloud' ? 'unclassified' : type,
          url: `https://portal.example.com/storage/scans/${id}/${type}`,
          s3Url: `s3://asset-portal-scans/${organization.id}/${id}/${type}.${type === 'pointcloud' ? 'copc.laz' : 'zip'}`,
          status: a === 0 ? 'final' : 'provisional',
          parameters: JSON.stringify({ version: 1 }),
        });
      }
    }
    await db.insertInto('scans').values(scans).execute();
    await db.insertInto('artifacts').values(scanArtifacts).execute();
    artifacts += scanArtifacts.length;
  }
  return { user, project, artifacts };
}

/**
 * One request's parts, timed in process with no HTTP: the two summary statements (SQL plus the
 * driver building rows), attaching artifacts, and JSON.stringify of the result. Medians of 3.
 */
async function timeParts(db: Db, projectId: number) {
  const runs: { scansSql: number; artifactsSql: number; attach: number; stringify: number }[] = [];
  for (let i = 0; i < 3; i++) {
    let t = performance.now();
    const scans = await scanRepository.listSummaries(db, projectId);
    const scansSql = performance.now() - t;
    t = performance.now();
    const artifacts = await scanRepository.listProjectArtifactSummaries(db, projectId);
    const artifactsSql = performance.now() - t;
    t = performance.now();
    const byScan = groupBy(artifacts, (a) => a.scanId);
    const joined = scans.map((s) => ({ ...s, artifacts: byScan.get(s.id) ?? [] }));
    const attach = performance.now() - t;
    t = performance.now();
    JSON.stringify(joined);
    runs.push({ scansSql, artifactsSql, attach, stringify: performance.now() - t });
  }
  const mid = (key: keyof (typeof runs)[number]) =>
    Math.round(runs.map((r) => r[key]).sort((a, b) => a - b)[1] as number);
  return {
    scansSqlMs: mid('scansSql'),
    artifactsSqlMs: mid('artifactsSql'),
    attachMs: mid('attach'),
    stringifyMs: mid('stringify'),
  };
}

/**
 * The compact summary of a new project version, in process: what the first viewers after a
 * change wait for (SQL, encoding, gzip and brotli), and what a cached version then costs.
 */
async function timeCompactBuild(db: Db, user: UserRow, projectId: number) {
  const viewer = { user, organizationName: 'Bench Org' };
  let t = performance.now();
  const built = await scanSummaryService.compact(db, viewer, projectId);
  const compactBuildMs = Math.round(performance.now() - t);
  t = performance.now();
  await scanSummaryService.compact(db, viewer, projectId);
  const compactCachedMs = Number((performance.now() - t).toFixed(2));
  return {
    compactBuildMs,
    compactCachedMs,
    compactJsonBytes: built.json.length,
    compactBrBytes: built.br.length,
    compactGzipBytes: (await built.gzip()).length,
  };
}

async function main() {
  const seedStart = performance.now();
  const db = await openBenchDatabase();
  await migrateToLatest(db);
  const { user, project, artifacts } = await seed(db);
  const seedMs = performance.now() - seedStart;
  const breakdown = {
    ...(await timeParts(db, project.id)),
    ...(await timeCompactBuild(db, user, project.id)),
  };

  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SEED_DEMO_DATA: 'false',
    NODE_ENV: 'production',
    SESSION_SECRET: randomBytes(32).toString('hex'),
  });
  const { app, identity } = await createApp({ config, db });
  const { id: firstScanId } = await db
    .selectFrom('scans')
    .select('id')
    .where('projectId', '=', project.id)
    .orderBy('id')
    .executeTakeFirstOrThrow();

  // Same authentication and same service call as the scansSummary resolver, no GraphQL.
  app.get('/bench/bare-scans', async (request, reply) => {
    const auth = await authenticate(request, db, identity.verifyAccessToken);
    if (auth.kind !== 'signed-in') return reply.code(401).send({ error: 'Unauthorized' });
    // scanService.summaries reads only the database and the viewer from the context.
    const ctx = {
      db,
      config,
      viewer: auth.viewer,
      loaders: new Map(),
    } as unknown as RequestContext;
    const { projectId } = request.query as { projectId: string };
    return scanService.summaries(ctx, Number(projectId));
  });
  // How long the server took for each summary answer, from the request's arrival to the last
  // byte handed to the socket: the latency without the load generator's own time.
  let serverTimes: { ms: number; end: number }[] = [];
  app.addHook('onResponse', async (request, reply) => {
    if (request.url.startsWith('/api/')) {
      serverTimes.push({ ms: reply.elapsedTime, end: performance.timeOrigin + performance.now() });
    }
  });
  app.get('/bench/server-times', async () => {
    const times = serverTimes;
    serverTimes = [];
    return times;
  });
  // A change of one scan: a new project version, so the next summary request computes it.
  let touches = 0;
  app.post('/bench/touch', async () => {
    touches++;
    await db
      .updateTable('scans')
      .set({ comment: `Touched ${touches}` })
      .where('id', '=', firstScanId)
      .execute();
    return { touches };
  });
  app.get('/bench/state', async () => ({
    rss: process.memoryUsage().rss,
    maxRss: process.resourceUsage().maxRSS * 1024,
  }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  // As a web process does: the summaries it keeps follow their projects' changes.
  startSummaryRefresher(db);
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const sessionId = await webSessionRepository.create(db, {
    subject: user.awsUserId as string,
    ttlMs: 3_600_000,
  });
  const cookie = `${SESSION_COOKIE}=${app.signCookie(sessionId)}`;

  let closing = false;
  const close = async () => {
    if (closing) return;
    closing = true;
    await app.close();
    await db.destroy();
    await dropDatabase();
    fs.rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  };
  process.on('SIGTERM', close);
  process.on('SIGINT', close);
  console.log(
    `BENCH_READY ${JSON.stringify({ port, cookie, projectId: project.id, scans: SCANS, artifacts, seedMs: Math.round(seedMs), kind: KIND, breakdown, dataDir })}`,
  );
}

main().catch(async (error) => {
  console.error(error);
  await dropDatabase().catch(() => {});
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(1);
});
