// Benchmark: the 3D view's first rendered points for a 2 M-point and a 20 M-point cloud in one
// run: bytes of point-cloud objects fetched before the first frame with points, and the time to
// that frame (goal: the same bytes for both, ≤ 5 MB, first points ≤ 1.5 s on loopback).
// The clouds are generated from the autzen fixture (copies jittered over the same ground, so the
// 20 M cloud is ten times denser, as a longer scan of the same street would be), built into
// Potree 2.0 with the server's writer, and served on 127.0.0.1 with Range support behind one
// opaque URL per object, as the portal's presigned URLs are. The view runs in headless chromium
// from a production build of the page. Run with: npm run bench:first-points (tsx).
// BENCH_RUNS=n changes the number of runs per cloud (default 3, medians reported);
// the generated clouds are kept in node_modules/.cache/first-points and reused.

// Benchmark: the 3D view's first rendered points for a 2 M-point and a 20 M-point cloud in one
// run: bytes of point-cloud objects fetched before the first frame with points, and the time to
// that frame (goal: the same bytes for both, ≤ 5 MB, first points ≤ 1.5 s on loopback).
// The clouds are generated from the autzen fixture (copies jittered over the same ground, so the
// 20 M cloud is ten times denser, as a longer scan of the same street would be), built into
// Potree 2.0 with the server's writer, and served on 127.0.0.1 with Range support behind one
// opaque URL per object, as the portal's presigned URLs are. The view runs in headless chromium
// from a production build of the page. Run with: npm run bench:first-points (tsx).
// BENCH_RUNS=n changes the number of runs per cloud (default 3, medians reported);
// the generated clouds are kept in node_modules/.cache/first-points and reused.
// BENCH_FIRST_POINTS_200M=1 adds a 200 M-point cloud (goal: the same bytes as the others, ≤ 1 MB).
import fs, { createWriteStream } from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/support/chromium.ts';
import { buildHarness, serveHarness } from '../e2e/support/pointcloud-harness.ts';
import { lasStream } from '../packages/server/src/device-packages/generator/las-writer.ts';
import { loadSourceCloud } from '../packages/server/src/device-packages/generator/source-cloud.ts';
import { buildPotreeFromLas } from '../packages/server/src/pointcloud/potree-writer.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CACHE = path.join(root, 'node_modules/.cache/first-points');
const FIXTURES = process.env.FIXTURES_DIR ?? path.resolve(root, '../shared/fixtures');
const SOURCE = path.join(FIXTURES, 'pointcloud/autzen_trim.las');
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const UTM_10N = '+proj=utm +zone=10 +datum=WGS84 +units=m +no_defs';
// The scan ids name the build's format too, so clouds cached by an older writer are rebuilt.
const CLOUDS = [
  { scanId: 'cloud-2m-v2', pointCount: 2_000_000 },
  { scanId: 'cloud-20m-v2', pointCount: 20_000_000 },
  // BENCH_FIRST_POINTS_200M=1 adds a 200 M-point cloud (~7 GB of LAS while it is built).
  ...(process.env.BENCH_FIRST_POINTS_200M === '1'
    ? [{ scanId: 'cloud-200m-v2', pointCount: 200_000_000 }]
    : []),
];

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};
const mb = (bytes) => (bytes / 1e6).toFixed(2);

async function prepareCloud({ scanId, pointCount }) {
  const folder = path.join(CACHE, scanId);
  if (fs.existsSync(path.join(folder, 'metadata.json'))) return folder;
  fs.mkdirSync(CACHE, { recursive: true });
  const las = path.join(CACHE, `${scanId}.las`);
  let started = Date.now();
  const source = await loadSourceCloud(SOURCE);
  await pipeline(
    lasStream({
      source,
      pointCount,
      originEasting: 500_000,
      originNorthing: 5_500_000,
      originHeight: 100,
      startGps: 1e9,
      durationSeconds: 60,
      epsg: 32610,
      jitter: 0.5,
      seed: 1,
    }),
    createWriteStream(las),
  );
  console.log(
    `  ${scanId}: LAS of ${pointCount.toLocaleString('en-US')} points in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  started = Date.now();
  const result = await buildPotreeFromLas(las, folder, { projection: UTM_10N });
  console.log(
    `  ${scanId}: Potree 2.0 (${result.nodeCount} nodes, depth ${result.depth}, octree ${mb(result.bytes.octree)} MB) in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  fs.rmSync(las);
  return folder;
}

async function measure(browser, server, scanId) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  try {
    await page.goto(`${server.origin}/?scan=${scanId}`);
    await page.waitForFunction(
      () =>
        Number(document.querySelector('[data-testid=pointcloud-view]')?.dataset.renderedPoints) > 0,
      null,
      { timeout: 60_000 },
    );
    return await page.evaluate(() => {
      const first = performance.getEntriesByName('pointcloud:first-points')[0];
      const start = performance.getEntriesByName('pointcloud:view-start')[0];
      // Objects finished before the first frame with points (the view asks for nothing else).
      const objects = performance
        .getEntriesByType('resource')
        .filter((entry) => new URL(entry.name).pathname.startsWith('/o/'));
      const before = objects.filter((entry) => entry.responseEnd <= first.startTime);
      const resources = performance.getEntriesByType('resource');
      const ended = (test) =>
        Math.max(
          0,
          ...resources
            .filter((entry) => test(new URL(entry.name).pathname))
            .map((entry) => entry.responseEnd),
        );
      return {
        // Where the time goes, from the view's start: the renderer chunk, the streams, the objects.
        chunkAt: ended((name) => name.includes('PointCloudCanvas')) - start.startTime,
        streamsAt: ended((name) => name === '/graphql') - start.startTime,
        objectsAt: Math.max(0, ...before.map((entry) => entry.responseEnd)) - start.startTime,
        fromNavigation: first.startTime,
        fromViewStart: first.startTime - start.startTime,
        bytes: before.reduce((sum, entry) => sum + entry.encodedBodySize, 0),
        requests: before.length,
        points: Number(
          document.querySelector('[data-testid=pointcloud-view]')?.dataset.renderedPoints,
        ),
      };
    });
  } finally {
    await context.close();
  }
}

console.log(`First points of the 3D view — ${new Date().toISOString()}`);
console.log('Preparing the clouds (cached after the first run):');
const clouds = [];
for (const cloud of CLOUDS) {
  clouds.push({ ...cloud, folder: await prepareCloud(cloud), crs: UTM_10N });
}
console.log('Building the page…');
const page = await buildHarness();
const server = await serveHarness(page, clouds);
const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  headless: true,
  args: CHROMIUM_ARGS,
});
try {
  const rows = [];
  for (let run = 0; run < RUNS; run++) {
    for (const { scanId } of clouds) {
      const figures = await measure(browser, server, scanId);
      console.log(
        `  run ${run + 1} ${scanId}: ${mb(figures.bytes)} MB in ${figures.requests} requests, first points ${figures.fromNavigation.toFixed(0)} ms after navigation (${figures.fromViewStart.toFixed(0)} ms after the view started), ${figures.points.toLocaleString('en-US')} points in that frame; from the view's start: renderer chunk ${figures.chunkAt.toFixed(0)} ms, streams ${figures.streamsAt.toFixed(0)} ms, objects ${figures.objectsAt.toFixed(0)} ms`,
      );
      rows.push({ scanId, ...figures });
    }
  }
  console.log('\nMedians:');
  console.log(
    '| cloud | bytes before first points | requests | first points after navigation | after the view started |',
  );
  console.log('|---|---|---|---|---|');
  for (const { scanId, pointCount } of clouds) {
    const mine = rows.filter((row) => row.scanId === scanId);
    console.log(
      `| ${(pointCount / 1e6).toFixed(0)} M points | ${mb(median(mine.map((row) => row.bytes)))} MB | ${median(mine.map((row) => row.requests))} | ${median(mine.map((row) => row.fromNavigation)).toFixed(0)} ms | ${median(mine.map((row) => row.fromViewStart)).toFixed(0)} ms |`,
    );
  }
} finally {
  await browser.close();
  await server.close();
}
