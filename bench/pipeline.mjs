// Benchmark: the built-in pipeline engine (packages/server/src/modules/processing/pipeline-engine).
// Run with: npm run bench:pipeline.
//  (a) read → crop → reprojection → write on a generated LAS 1.2 cloud of BENCH_PIPELINE_POINTS
//      points (default 3,000,000, UTM at GNSS site 0759) against a plain decode of the same file
//      (openPointCloudFile → columns): points/s, one warm-up then the best of 3 (goal ≥ 50 %).
//  (b) the same pipeline on BENCH_PIPELINE_BIG_POINTS points (default 20,000,000) in a child
//      process: its peak RSS (getrusage maxRSS), beside a plain decode in another child
//      (goal flat, ≤ 300 MB).
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import {
  GNSS_SITES,
  utmZoneFor,
} from '../packages/server/src/device-packages/generator/gnss-sites.ts';
import { readLasFileHeader } from '../packages/server/src/lib/las/las-header.ts';
import { openPointCloudFile } from '../packages/server/src/lib/las/las-reader.ts';
import { builtInPipelineEngine } from '../packages/server/src/modules/processing/pipeline-engine/pipeline-engine.ts';
import { bestOfThree, writeGeneratedLas } from './lib/generated-cloud.mjs';

const run = promisify(execFile);
const here = fileURLToPath(import.meta.url);
const root = path.resolve(path.dirname(here), '..');
const FIXTURES = process.env.FIXTURES_DIR ?? path.resolve(root, '../shared/fixtures');
const POINTS = Number(process.env.BENCH_PIPELINE_POINTS ?? 3_000_000);
const BIG_POINTS = Number(process.env.BENCH_PIPELINE_BIG_POINTS ?? 20_000_000);

/** The pipeline: crop to the middle 90 % (bounding-box placeholders), UTM → WGS84, write LAS. */
const PIPELINE = JSON.stringify({
  pipeline: [
    { type: 'readers.las', filename: 'scan.las' },
    { type: 'filters.crop', bounds: '([<%xmin%>, <%xmax%>], [<%ymin%>, <%ymax%>])' },
    { type: 'filters.reprojection', out_srs: 'EPSG:4326' },
    { type: 'writers.las', filename: 'out.las' },
  ],
});

async function context(file) {
  const header = await readLasFileHeader(file);
  const dx = (header.max.x - header.min.x) * 0.05;
  const dy = (header.max.y - header.min.y) * 0.05;
  const zone = utmZoneFor(GNSS_SITES[0].lon);
  return {
    srs: zone.proj,
    pointCount: header.pointCount,
    pointRecordLength: header.pointRecordLength,
    boundingBox: {
      minx: header.min.x + dx,
      maxx: header.max.x - dx,
      miny: header.min.y + dy,
      maxy: header.max.y - dy,
      minz: header.min.z,
      maxz: header.max.z,
    },
  };
}

/** The same without the reprojection: the engine's own cost (input scale kept, no spool). */
const CROP_ONLY = JSON.stringify({
  pipeline: [
    { type: 'filters.crop', bounds: '([<%xmin%>, <%xmax%>], [<%ymin%>, <%ymax%>])' },
    { type: 'writers.las', filename: 'out.las' },
  ],
});

async function runPipeline(input, output, pipelineJson = PIPELINE) {
  const plan = builtInPipelineEngine.plan(pipelineJson, await context(input));
  return builtInPipelineEngine.run(plan, { inputPath: input, outputPath: output });
}

async function decode(file) {
  const cloud = await openPointCloudFile(file);
  let count = 0;
  for await (const chunk of cloud.chunks()) count += chunk.count;
  return count;
}

// Child mode: one run, then the process's peak RSS on stdout.
if (process.argv[2] === '--child') {
  const [, , , mode, input, output] = process.argv;
  const started = performance.now();
  const result =
    mode === 'pipeline' ? await runPipeline(input, output) : { pointsOut: await decode(input) };
  const seconds = (performance.now() - started) / 1000;
  console.log(
    JSON.stringify({
      maxRssMb: process.resourceUsage().maxRSS / 1024,
      seconds,
      pointsOut: result.pointsOut,
    }),
  );
  process.exit(0);
}

const work = await mkdtemp(path.join(os.tmpdir(), 'bench-pipeline-'));
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
    `\n(a) ${POINTS.toLocaleString('en')} points, ${(bytes / 1e6).toFixed(0)} MB LAS 1.2; read → crop (90 %) → reprojection (UTM → EPSG:4326) → write LAS 1.4 (auto scale); warm-up + best of 3`,
  );
  let result;
  const piped = await bestOfThree(async () => {
    result = await runPipeline(cloud, path.join(work, 'out.las'));
  });
  const cropOnly = await bestOfThree(() =>
    runPipeline(cloud, path.join(work, 'out.las'), CROP_ONLY),
  );
  const decoded = await bestOfThree(() => decode(cloud));
  const line = (name, seconds) =>
    `  ${name.padEnd(22)} ${(seconds * 1000).toFixed(0).padStart(6)} ms  ${(POINTS / seconds / 1e6).toFixed(2)} M points/s`;
  console.log(line('pipeline', piped));
  console.log(line('read → crop → write', cropOnly));
  console.log(line('plain decode', decoded));
  console.log(`  pipeline / decode: ${((100 * decoded) / piped).toFixed(0)} % (goal ≥ 50 %)`);
  console.log(`  read → crop → write / decode: ${((100 * decoded) / cropOnly).toFixed(0)} %`);
  console.log(`  points kept: ${result.pointsOut.toLocaleString('en')}`);
  await rm(cloud, { force: true });

  const big = path.join(work, 'big.las');
  const bigBytes = await writeGeneratedLas(big, BIG_POINTS, FIXTURES);
  console.log(
    `\n(b) ${BIG_POINTS.toLocaleString('en')} points, ${(bigBytes / 1e6).toFixed(0)} MB LAS 1.2, each in a fresh child process`,
  );
  for (const mode of ['decode', 'pipeline']) {
    const { stdout } = await run(
      process.execPath,
      ['--import', 'tsx', here, '--child', mode, big, path.join(work, 'big-out.las')],
      { cwd: root, maxBuffer: 1 << 20 },
    );
    const child = JSON.parse(stdout.trim().split('\n').at(-1));
    console.log(
      `  ${mode.padEnd(9)} peak RSS ${child.maxRssMb.toFixed(0)} MB, ${child.seconds.toFixed(1)} s, ${(BIG_POINTS / child.seconds / 1e6).toFixed(2)} M points/s (goal ≤ 300 MB)`,
    );
  }
} finally {
  await rm(work, { recursive: true, force: true });
}
