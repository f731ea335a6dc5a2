// Benchmark: level-of-detail (Potree 2.0) build throughput against plain decoding, in one run.
// Run with: npm run bench:lod. BENCH_LOD_POINTS sets the generated cloud's size (default 2,000,000),
// BENCH_LOD_ROUNDS the rounds (default 3, best taken), BENCH_WORK_DIR where the generated cloud and
// the build's work files go (default the system's temporary folder; a 200 M-point cloud takes
// ~7 GB there and as much again while building). BENCH_LOD_FIXTURES=0 skips the fixture rows.
// Peak RSS is this process's (the build's worker threads included).
//
// The generated cloud is LAS; its build is compared with decoding the LAZ fixture autzen_trim.laz
// repeated to the same number of points, and each LAZ fixture is also built and decoded as the same
// file. BENCH_LOD_SOURCE=laz builds a generated LAZ instead (autzen_trim.laz's chunks tiled on a
// grid, as laz-perf has no encoder) and compares with plain decoding of that same file.
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { lasStream } from '../packages/server/src/device-packages/generator/las-writer.ts';
import { writeTiledLaz } from '../packages/server/src/device-packages/generator/laz-tiler.ts';
import { loadSourceCloud } from '../packages/server/src/device-packages/generator/source-cloud.ts';
import { openPointCloudFile } from '../packages/server/src/lib/las/las-reader.ts';
import { buildPotreeFromLas } from '../packages/server/src/pointcloud/potree-writer.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const FIXTURES = path.join(
  process.env.FIXTURES_DIR ?? path.resolve(root, '../shared/fixtures'),
  'pointcloud',
);
const POINTS = Number(process.env.BENCH_LOD_POINTS ?? 2_000_000);
const ROUNDS = Number(process.env.BENCH_LOD_ROUNDS ?? 3);
const FIXTURE_ROWS = process.env.BENCH_LOD_FIXTURES !== '0';
// Beyond ~20 M points the LAZ comparison decodes a sample of the same size ratio.
const LAZ_POINTS = Math.min(POINTS, 20_000_000);
const LAZ_SOURCE = process.env.BENCH_LOD_SOURCE === 'laz';
const maxRssMb = () => Math.round(process.resourceUsage().maxRSS / 1024);

async function decode(file) {
  const cloud = await openPointCloudFile(file);
  let count = 0;
  for await (const chunk of cloud.chunks()) count += chunk.count;
  return count;
}

/**
 * Best of ROUNDS of `work` (which returns the points it handled): points per second of wall time,
 * and per second of this process's CPU time (steadier when other processes load the machine).
 */
async function rate(work) {
  let best = 0;
  let bestCpu = 0;
  let points = 0;
  for (let round = 0; round < ROUNDS; round++) {
    const started = process.hrtime.bigint();
    const cpu = process.cpuUsage();
    points = await work();
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    const used = process.cpuUsage(cpu);
    best = Math.max(best, points / seconds);
    bestCpu = Math.max(bestCpu, points / ((used.user + used.system) / 1e6));
  }
  return { points, rate: best, cpuRate: bestCpu };
}

const fmt = (r) => `${(r.rate / 1e6).toFixed(2)} M/s (CPU ${(r.cpuRate / 1e6).toFixed(2)} M/s)`;
const ratio = (a, b) =>
  `${((100 * a.rate) / b.rate).toFixed(0)} % (CPU ${((100 * a.cpuRate) / b.cpuRate).toFixed(0)} %)`;

const work = await mkdtemp(path.join(process.env.BENCH_WORK_DIR ?? os.tmpdir(), 'bench-lod-'));
try {
  if (LAZ_SOURCE) {
    await lazSourceRun();
    process.exit(0);
  }
  const generated = path.join(work, 'generated.las');
  const source = await loadSourceCloud(path.join(FIXTURES, 'autzen_trim.las'));
  await pipeline(
    lasStream({
      source,
      pointCount: POINTS,
      originEasting: 492_000,
      originNorthing: 4_880_000,
      originHeight: 120,
      startGps: 1.4e9,
      durationSeconds: 60,
      epsg: 32610,
      jitter: 0.3,
      seed: 1,
    }),
    createWriteStream(generated),
  );

  const autzenLaz = path.join(FIXTURES, 'autzen_trim.laz');
  const repeats = Math.max(1, Math.round(LAZ_POINTS / 110_000));
  const lazRepeated = await rate(async () => {
    let count = 0;
    for (let i = 0; i < repeats; i++) count += await decode(autzenLaz);
    return count;
  });
  const lasDecode = await rate(() => decode(generated));
  const rssBeforeBuild = maxRssMb();
  let nodes = 0;
  let stored = 0;
  const lasBuild = await rate(async () => {
    const output = path.join(work, 'lod-generated');
    await rm(output, { recursive: true, force: true });
    const result = await buildPotreeFromLas(generated, output);
    nodes = result.nodeCount;
    stored = result.bytes.octree + result.bytes.hierarchy + result.bytes.metadata;
    return result.pointCount;
  });
  const rssAfterBuild = maxRssMb();

  console.log(`LOD build benchmark (best of ${ROUNDS}; ${new Date().toISOString()})`);
  console.log(
    `Node ${process.version}, ${os.cpus().length} CPU(s), load ${os.loadavg()[0].toFixed(1)}`,
  );
  console.log('');
  const count = lasDecode.points.toLocaleString('en-US');
  console.log(`Generated LAS, ${count} points (${nodes} nodes):`);
  console.log(`  plain LAS decode                  ${fmt(lasDecode)}`);
  console.log(`  LOD build (read + octree + write) ${fmt(lasBuild)}`);
  console.log(`  LOD build / LAS decode            ${ratio(lasBuild, lasDecode)}`);
  console.log(
    `  stored ${(stored / 1e6).toFixed(1)} MB = ${(stored / lasDecode.points).toFixed(2)} bytes a point; peak RSS ${rssAfterBuild} MB (${rssBeforeBuild} MB before the build)`,
  );
  console.log(
    `  plain LAZ decode of autzen_trim.laz x${repeats} (${lazRepeated.points.toLocaleString('en-US')} points):`,
  );
  console.log(`                                    ${fmt(lazRepeated)}`);
  console.log(
    `  LOD build / LAZ decode            ${ratio(lasBuild, lazRepeated)}   (goal >= 40 %)`,
  );
  console.log('');
  if (FIXTURE_ROWS)
    console.log('Same LAZ file, plain decode vs LOD build (the build includes the LAZ decode):');
  for (const name of FIXTURE_ROWS
    ? ['autzen_trim.laz', 'lone-star.copc.laz', 'las_with_several_extra_byte_bloc.laz']
    : []) {
    const file = path.join(FIXTURES, name);
    const decoded = await rate(() => decode(file));
    const built = await rate(async () => {
      const output = path.join(work, `lod-${name}`);
      await rm(output, { recursive: true, force: true });
      const result = await buildPotreeFromLas(file, output);
      return result.pointCount;
    });
    console.log(`  ${name} (${decoded.points.toLocaleString('en-US')} points)`);
    console.log(`    decode ${fmt(decoded)}  build ${fmt(built)}  ratio ${ratio(built, decoded)}`);
  }
  console.log('');
  console.log(`(run from ${root})`);
} finally {
  await rm(work, { recursive: true, force: true });
}

/** A generated LAZ of POINTS points: plain decode, then the LOD build, of the same file. */
async function lazSourceRun() {
  const generated = path.join(work, 'generated.laz');
  const tiled = await writeTiledLaz(path.join(FIXTURES, 'autzen_trim.laz'), generated, POINTS);
  const decoded = await rate(() => decode(generated));
  const rssBeforeBuild = maxRssMb();
  let stored = 0;
  const built = await rate(async () => {
    const output = path.join(work, 'lod-generated');
    await rm(output, { recursive: true, force: true });
    const result = await buildPotreeFromLas(generated, output);
    stored = result.bytes.octree + result.bytes.hierarchy + result.bytes.metadata;
    return result.pointCount;
  });
  console.log(`LOD build benchmark, LAZ source (best of ${ROUNDS}; ${new Date().toISOString()})`);
  console.log(
    `Node ${process.version}, ${os.cpus().length} CPU(s), load ${os.loadavg()[0].toFixed(1)}`,
  );
  console.log('');
  console.log(
    `Generated LAZ, ${tiled.pointCount.toLocaleString('en-US')} points, ${(tiled.bytes / 1e6).toFixed(0)} MB (${tiled.tiles} tiles of autzen_trim.laz):`,
  );
  console.log(`  plain LAZ decode                  ${fmt(decoded)}`);
  console.log(`  LOD build (read + octree + write) ${fmt(built)}`);
  console.log(`  LOD build / LAZ decode            ${ratio(built, decoded)}   (goal >= 40 %)`);
  console.log(
    `  stored ${(stored / 1e6).toFixed(1)} MB = ${(stored / tiled.pointCount).toFixed(2)} bytes a point; peak RSS ${maxRssMb()} MB (${rssBeforeBuild} MB after the plain decode, before the build)`,
  );
}
