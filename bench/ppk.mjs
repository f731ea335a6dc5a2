// Benchmark: the PPK engine (packages/server/src/modules/trajectory/ppk).
// Run with: npm run bench:ppk.
//  (a) runRnx2rtkp on the shared base/rover pair against bare rnx2rtkp with the same options
//      (`-p 2 -f 2 -m 15 -sys G -c -h -r <base> -t`), alternating, BENCH_PPK_ROUNDS rounds
//      (default 7): medians and the runner's overhead (goal ≤ 20 %).
//  (b) correctPointCloud on a generated LAS of BENCH_PPK_POINTS points (default 3,000,000) at
//      GNSS site 0759, with a fixed epoch every 30 s: points/s, MB/s and peak RSS, beside a plain
//      decode of the same file (openPointCloudFile) and a file copy; one warm-up, then best of 3.
import { execFile } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { copyFile, mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import proj4 from 'proj4';
import { parsePosFile } from '../packages/server/src/modules/trajectory/ppk/pos-file.ts';
import { PPK_OPTIONS_VERSION } from '../packages/server/src/modules/trajectory/ppk/ppk-options.ts';
import {
  findRnx2rtkp,
  RTKLIB_MISSING_MESSAGE,
  runRnx2rtkp,
} from '../packages/server/src/modules/trajectory/ppk/rtklib.ts';
import { correctPointCloud } from '../packages/server/src/modules/trajectory/ppk/trajectory-correction.ts';
import { GNSS_SITES, utmZoneFor } from '../packages/server/src/packages/generator/gnss-sites.ts';
import { lasStream } from '../packages/server/src/packages/generator/las-writer.ts';
import { loadSourceCloud } from '../packages/server/src/packages/generator/source-cloud.ts';
import { openPointCloudFile } from '../packages/server/src/pointcloud/point-reader.ts';

const run = promisify(execFile);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const FIXTURES = process.env.FIXTURES_DIR ?? path.resolve(root, '../shared/fixtures');
const GNSS = path.join(FIXTURES, 'gnss');
const ROUNDS = Number(process.env.BENCH_PPK_ROUNDS ?? 7);
const POINTS = Number(process.env.BENCH_PPK_POINTS ?? 3_000_000);
const ROVER = path.join(GNSS, '07590920.05o');
const BASE = path.join(GNSS, '30400920.05o');
const NAV = [path.join(GNSS, '07590920.05n'), path.join(GNSS, '30400920.05n')];
const BASE_XYZ = ['-3978242.4348', '3382841.1715', '3649902.7667'];

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const ms = (value) => `${value.toFixed(0)} ms`;

const program = await findRnx2rtkp();
if (!program) {
  console.error(RTKLIB_MISSING_MESSAGE);
  process.exit(1);
}
const work = await mkdtemp(path.join(os.tmpdir(), 'bench-ppk-'));
try {
  console.log(
    `machine: ${os.cpus().length} CPUs, load ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );

  // (a) RTKLIB through the runner vs bare.
  console.log(
    `\n(a) rnx2rtkp on 0759/3040, ${PPK_OPTIONS_VERSION}, ${ROUNDS} rounds (alternating)`,
  );
  const runner = [];
  const bare = [];
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 === 0 ? ['runner', 'bare'] : ['bare', 'runner'];
    for (const side of order) {
      const started = performance.now();
      if (side === 'runner') {
        const result = await runRnx2rtkp({
          program,
          roverObservation: ROVER,
          baseObservation: BASE,
          navigation: NAV,
          workDir: path.join(work, `run-${round}`),
          timeoutMs: 120_000,
        });
        runner.push(performance.now() - started);
        if (round === 0) {
          const epochs = parsePosFile(await readFile(result.posPath, 'latin1'));
          const fixed = epochs.filter((e) => e.q === 1).length;
          console.log(`  runner: ${fixed} of ${epochs.length} epochs fixed`);
        }
      } else {
        const out = path.join(work, `bare-${round}.pos`);
        await run(program, [
          ...['-p', '2', '-f', '2', '-m', '15', '-sys', 'G', '-c', '-h', '-r', ...BASE_XYZ, '-t'],
          ...['-o', out, ROVER, BASE, ...NAV],
        ]);
        bare.push(performance.now() - started);
      }
    }
  }
  const [r, b] = [median(runner), median(bare)];
  console.log(`  runRnx2rtkp: median ${ms(r)}  (runs ${runner.map(ms).join(', ')})`);
  console.log(`  bare:        median ${ms(b)}  (runs ${bare.map(ms).join(', ')})`);
  console.log(`  overhead: ${(100 * (r / b - 1)).toFixed(1)} % (goal ≤ 20 %)`);

  // (b) correctPointCloud throughput.
  const site = GNSS_SITES[0];
  const utm = utmZoneFor(site.lon);
  const [easting, northing] = proj4('WGS84', utm.proj).forward([site.lon, site.lat]);
  const startGps = site.windowStart + 30;
  const durationSeconds = 600;
  const cloud = path.join(work, 'cloud.las');
  const source = await loadSourceCloud(path.join(FIXTURES, 'pointcloud/autzen_trim.las'));
  await pipeline(
    lasStream({
      source,
      pointCount: POINTS,
      originEasting: easting,
      originNorthing: northing,
      originHeight: site.ellipsoidalHeight,
      startGps,
      durationSeconds,
      epsg: 32600 + utm.zone,
      jitter: 0.02,
      seed: 1,
    }),
    createWriteStream(cloud),
  );
  const bytes = (await stat(cloud)).size;
  const epochs = Math.floor(durationSeconds / 30) + 1;
  const correction = {
    gpsSeconds: Float64Array.from({ length: epochs }, (_, i) => startGps + i * 30),
    dE: Float64Array.from({ length: epochs }, (_, i) => -0.5 + 0.001 * i),
    dN: Float64Array.from({ length: epochs }, (_, i) => 0.25 - 0.002 * i),
    dU: Float64Array.from({ length: epochs }, (_, i) => -0.1 + 0.0005 * i),
  };
  console.log(
    `\n(b) correctPointCloud: ${POINTS.toLocaleString('en')} points, ${(bytes / 1e6).toFixed(0)} MB LAS 1.2 format ${source.format}, ${epochs} fixed epochs, warm-up + best of 3`,
  );
  const rss = { peak: 0 };
  const sampler = setInterval(() => {
    rss.peak = Math.max(rss.peak, process.memoryUsage().rss);
  }, 50);
  // One untimed round first (JIT warm-up, page cache), then the best of 3.
  const best = async (work) => {
    await work();
    let seconds = Infinity;
    for (let i = 0; i < 3; i++) {
      const started = performance.now();
      await work();
      seconds = Math.min(seconds, (performance.now() - started) / 1000);
    }
    return seconds;
  };
  const rssBefore = process.memoryUsage().rss;
  rss.peak = rssBefore;
  const corrected = path.join(work, 'corrected.las');
  const correct = await best(() => correctPointCloud(cloud, corrected, correction));
  const correctPeak = rss.peak;
  const decode = await best(async () => {
    const file = await openPointCloudFile(cloud);
    for await (const _chunk of file.chunks());
  });
  const copy = await best(() => copyFile(cloud, path.join(work, 'copy.las')));
  clearInterval(sampler);
  const line = (name, seconds) =>
    `  ${name.padEnd(18)} ${(seconds * 1000).toFixed(0).padStart(6)} ms  ${(POINTS / seconds / 1e6).toFixed(2)} M points/s  ${(bytes / seconds / 1e6).toFixed(0)} MB/s`;
  console.log(line('correctPointCloud', correct));
  console.log(line('decode only', decode));
  console.log(line('file copy', copy));
  console.log(
    `  RSS: ${(rssBefore / 1e6).toFixed(0)} MB before, peak ${(correctPeak / 1e6).toFixed(0)} MB during the correction`,
  );
} finally {
  await rm(work, { recursive: true, force: true });
}
