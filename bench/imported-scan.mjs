// Benchmark: the streaming pass of the process-imported-scan job
// (packages/server/src/modules/imported-scans). Run with: npm run bench:imported-scan.
//  (a) On a generated LAS 1.2 cloud of BENCH_IMPORTED_POINTS points (default 3,000,000, WGS 84 /
//      UTM, GPS time over 600 s): the job's pass (lib/las's raw columns, scaled, + bounds,
//      footprint strips, GPS-time bins, then hull, path and simplification) against a plain
//      decode of the same file, as world coordinates and as raw columns; points/s, warm-up, best
//      of 3.
//  (b) The same pass on BENCH_IMPORTED_BIG_POINTS points (default 20,000,000) in a child
//      process, beside a plain decode in another: peak RSS (flat: memory must not follow the
//      point count). BENCH_IMPORTED_BIG_POINTS=0 skips it.
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { readLasFileHeader } from '../packages/server/src/lib/las/las-header.ts';
import {
  openPointCloudFile,
  readLasPoints,
  toWorldColumns,
} from '../packages/server/src/lib/las/las-reader.ts';
import {
  centreLine,
  ScanGeometryAccumulator,
} from '../packages/server/src/modules/imported-scans/imported-scan-geometry.ts';
import { douglasPeuckerKeep } from '../packages/shared/src/douglas-peucker.ts';
import { bestOfThree, writeGeneratedLas } from './lib/generated-cloud.mjs';

const run = promisify(execFile);
const here = fileURLToPath(import.meta.url);
const root = path.resolve(path.dirname(here), '..');
const FIXTURES = process.env.FIXTURES_DIR ?? path.resolve(root, '../shared/fixtures');
const POINTS = Number(process.env.BENCH_IMPORTED_POINTS ?? 3_000_000);
const BIG_POINTS = Number(process.env.BENCH_IMPORTED_BIG_POINTS ?? 20_000_000);

async function decode(file) {
  let count = 0;
  for await (const chunk of readLasPoints(file)) count += chunk.count;
  return { points: count };
}

/** The raw integer columns (as the LOD build and the job read them). */
async function decodeRaw(file) {
  const cloud = await openPointCloudFile(file);
  let count = 0;
  for await (const chunk of cloud.chunks()) count += chunk.count;
  return { points: count };
}

/** What the job does between reading the header and writing the rows. */
async function importPass(file) {
  const header = await readLasFileHeader(file);
  const accumulator = new ScanGeometryAccumulator(header);
  const cloud = await openPointCloudFile(file);
  let scratch = null;
  for await (const raw of cloud.chunks()) {
    scratch = toWorldColumns(raw, header, scratch);
    accumulator.add(scratch);
  }
  const geometry = accumulator.result();
  const track = geometry.timePath.length >= 2 ? geometry.timePath : centreLine(geometry.footprint);
  // As the job: in projected metres, 2 m.
  const keep = douglasPeuckerKeep(track.flat(), 2);
  const kept = track.filter((_, i) => keep[i] === 1);
  return {
    points: geometry.pointCount,
    hullVertices: geometry.footprint.length,
    bins: geometry.timePath.length,
    pathVertices: kept.length,
  };
}

if (process.argv[2] === '--child') {
  const [, , , mode, input] = process.argv;
  const started = performance.now();
  const result = mode === 'import' ? await importPass(input) : await decode(input);
  const seconds = (performance.now() - started) / 1000;
  console.log(
    JSON.stringify({ maxRssMb: process.resourceUsage().maxRSS / 1024, seconds, ...result }),
  );
  process.exit(0);
}

const work = await mkdtemp(path.join(os.tmpdir(), 'bench-imported-'));
try {
  console.log(
    `machine: ${os.cpus().length} CPUs, load ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  const cloud = path.join(work, 'cloud.las');
  const bytes = await writeGeneratedLas(cloud, POINTS, FIXTURES);
  console.log(
    `\n(a) ${POINTS.toLocaleString('en')} points, ${(bytes / 1e6).toFixed(0)} MB LAS 1.2 (format 3, GPS time over 600 s); warm-up + best of 3`,
  );
  let result;
  const imported = await bestOfThree(async () => {
    result = await importPass(cloud);
  });
  const decoded = await bestOfThree(() => decode(cloud));
  const decodedRaw = await bestOfThree(() => decodeRaw(cloud));
  const line = (name, seconds) =>
    `  ${name.padEnd(24)} ${(seconds * 1000).toFixed(0).padStart(6)} ms  ${(POINTS / seconds / 1e6).toFixed(2)} M points/s`;
  console.log(line('import pass', imported));
  console.log(line('plain decode (lib/las)', decoded));
  console.log(line('raw decode (columns)', decodedRaw));
  console.log(`  import pass / decode: ${((100 * decoded) / imported).toFixed(0)} %`);
  console.log(`  import pass / raw decode: ${((100 * decodedRaw) / imported).toFixed(0)} %`);
  console.log(
    `  ${result.points.toLocaleString('en')} points, hull ${result.hullVertices} vertices, ${result.bins} time bins, path ${result.pathVertices} vertices`,
  );
  await rm(cloud, { force: true });

  if (BIG_POINTS > 0) {
    const big = path.join(work, 'big.las');
    const bigBytes = await writeGeneratedLas(big, BIG_POINTS, FIXTURES);
    console.log(
      `\n(b) ${BIG_POINTS.toLocaleString('en')} points, ${(bigBytes / 1e6).toFixed(0)} MB LAS 1.2, each in a fresh child process`,
    );
    for (const mode of ['decode', 'import']) {
      const { stdout } = await run(
        process.execPath,
        ['--import', 'tsx', here, '--child', mode, big],
        { cwd: root, maxBuffer: 1 << 20 },
      );
      const child = JSON.parse(stdout.trim().split('\n').at(-1));
      console.log(
        `  ${mode.padEnd(7)} peak RSS ${child.maxRssMb.toFixed(0)} MB, ${child.seconds.toFixed(1)} s, ${(BIG_POINTS / child.seconds / 1e6).toFixed(2)} M points/s`,
      );
    }
  }
} finally {
  await rm(work, { recursive: true, force: true });
}
