// Benchmark: the PPK engine (packages/server/src/modules/trajectory/ppk).
// Run with: npm run bench:ppk.
//  (a) runRnx2rtkp on the shared base/rover pair against bare rnx2rtkp with the same options
//      (`-p 2 -f 2 -m 15 -sys G -c -h -r <base> -t`), alternating, BENCH_PPK_ROUNDS rounds
//      (default 7): medians and the runner's overhead (goal ≤ 20 %).
//  (b) correctPointCloud on a generated LAS of BENCH_PPK_POINTS points (default 3,000,000) at
//      GNSS site 0759, with a fixed epoch every 30 s: points/s, MB/s and peak RSS, beside a plain
//      decode of the same file (openPointCloudFile) and a file copy; one warm-up, then best of 3.
//  (c) a whole trajectory processing run as the worker executes it (processTrajectoryRun) on an
//      in-memory PGlite and the embedded object store, for a session ingested from a generated
//      package (LG-0759, 2 scans of 120 s, 20MB, PPK offset 0.3,-0.2,0.25) against a Ready 3040
//      base station, against bare `rnx2rtkp -k <ppkOptionsText()> -o out.pos rover.o base.o
//      rover.n base.n` on the same files, alternating, BENCH_PPK_RUN_ROUNDS rounds (default 5):
//      medians, the run's correction step timed through the store it writes to, and the overhead
//      of the run's PPK part ((run − correction − bare) / bare) and of the whole run.
import { execFile } from 'node:child_process';
import { createReadStream, createWriteStream } from 'node:fs';
import { copyFile, mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import proj4 from 'proj4';
import { loadConfig } from '../packages/server/src/config/config.ts';
import { migrateToLatest, openDatabase } from '../packages/server/src/db/database.ts';
import {
  GNSS_SITES,
  utmZoneFor,
} from '../packages/server/src/device-packages/generator/gnss-sites.ts';
import { lasStream } from '../packages/server/src/device-packages/generator/las-writer.ts';
import { makePackage } from '../packages/server/src/device-packages/generator/make-package.ts';
import { parseGeneratorArgs } from '../packages/server/src/device-packages/generator/options.ts';
import { loadSourceCloud } from '../packages/server/src/device-packages/generator/source-cloud.ts';
import { openPointCloudFile } from '../packages/server/src/lib/las/las-reader.ts';
import { storageUrl } from '../packages/server/src/modules/ingestion/ingestion-context.ts';
import { parsePosFile } from '../packages/server/src/modules/trajectory/ppk/pos-file.ts';
import {
  PPK_OPTIONS_VERSION,
  ppkOptionsText,
} from '../packages/server/src/modules/trajectory/ppk/ppk-options.ts';
import {
  findRnx2rtkp,
  RTKLIB_MISSING_MESSAGE,
  runRnx2rtkp,
} from '../packages/server/src/modules/trajectory/ppk/rtklib.ts';
import { correctPointCloud } from '../packages/server/src/modules/trajectory/ppk/trajectory-correction.ts';
import { processTrajectoryRun } from '../packages/server/src/modules/trajectory/trajectory-run.processor.ts';
import { trajectoryRunRepository } from '../packages/server/src/modules/trajectory/trajectory-run.repository.ts';
import { createObjectStorage } from '../packages/server/src/storage/create-object-storage.ts';
import { objectKey } from '../packages/server/src/storage/object-key.ts';
import { factories } from '../packages/server/test/factories.ts';
import { adminFactories } from '../packages/server/test/factories-admin.ts';
import { ingestNow, uploadPackage } from '../packages/server/test/ingestion-test-kit.ts';

const run = promisify(execFile);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const FIXTURES = process.env.FIXTURES_DIR ?? path.resolve(root, '../shared/fixtures');
const GNSS = path.join(FIXTURES, 'gnss');
const ROUNDS = Number(process.env.BENCH_PPK_ROUNDS ?? 7);
const POINTS = Number(process.env.BENCH_PPK_POINTS ?? 3_000_000);
const RUN_ROUNDS = Number(process.env.BENCH_PPK_RUN_ROUNDS ?? 5);
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
const percent = (value) => `${value >= 0 ? '+' : ''}${(100 * value).toFixed(1)} %`;
const machine = async () => {
  const { stdout } = await run('nproc');
  const load = (await readFile('/proc/loadavg', 'utf8')).trim();
  return `nproc ${stdout.trim()}, /proc/loadavg ${load}`;
};

const program = await findRnx2rtkp();
if (!program) {
  console.error(RTKLIB_MISSING_MESSAGE);
  process.exit(1);
}
const work = await mkdtemp(path.join(os.tmpdir(), 'bench-ppk-'));
try {
  console.log(`machine: ${await machine()}; Node ${process.version}`);

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

  await wholeRun();
  console.log(`\nmachine at the end: ${await machine()}`);
} finally {
  await rm(work, { recursive: true, force: true });
}

/** (c) A whole trajectory processing run, as the worker executes it, vs bare rnx2rtkp. */
async function wholeRun() {
  console.log(
    `\n(c) processTrajectoryRun (PGlite in memory, embedded store) vs bare rnx2rtkp -k, ${RUN_ROUNDS} rounds (alternating); ${await machine()}`,
  );
  const setupStarted = performance.now();
  const packageDir = path.join(work, 'package');
  const generated = await makePackage(
    parseGeneratorArgs([
      ...['--out', packageDir, '--fixtures', FIXTURES, '--device', 'LG-0759'],
      ...['--scans', '2', '--scan-seconds', '120', '--target-size', '20MB'],
      ...['--ppk-offset', '0.3,-0.2,0.25'],
    ]),
  );
  const config = loadConfig({
    DATA_DIR: path.join(work, 'data'),
    LOG_LEVEL: 'silent',
    SEED_DEMO_DATA: 'false',
    NODE_ENV: 'test',
  });
  const db = await openDatabase({});
  try {
    await migrateToLatest(db);
    const store = createObjectStorage(config);
    const organizationId = (await factories.organization(db)).id;
    const user = await factories.user(db, organizationId, 'Power User');
    const projectId = (await factories.project(db, organizationId)).id;
    await factories.device(db, organizationId, 'LG-0759');
    await adminFactories.deviceAssignment(
      db,
      'LG-0759',
      projectId,
      new Date('2005-01-01T00:00:00Z'),
      null,
    );
    const packageKey = await uploadPackage(store, organizationId, generated.luxlzPath);
    await ingestNow(db, config, { key: packageKey, organizationId, userId: user.id });
    const sessionId = generated.manifest.sessionId;
    const keyOf = (s3Url) => s3Url.replace(/^s3:\/\/[^/]+\//, '');
    const fetchTo = async (s3Url, file) => {
      await pipeline(await store.getStream(keyOf(s3Url)), createWriteStream(file));
      return file;
    };

    // A Ready 3040 base station, as trajectory-run.int.test.ts readyBasestation() stores it.
    const files = [];
    for (const [name, kind] of [
      ['30400920.05o', 'observation'],
      ['30400920.05n', 'navigation'],
    ]) {
      const source = path.join(GNSS, name);
      const key = objectKey({ organizationId, kind: 'basestations', name: `bench/${name}` });
      const { size } = await stat(source);
      await store.putStream(key, createReadStream(source), { size });
      files.push({ name, kind, rinexVersion: '2.10', s3Url: storageUrl(config, key), size });
    }
    const basestation = await db
      .insertInto('basestations')
      .values({
        organizationId,
        projectId,
        filename: 'base-bench.zip',
        s3Url: storageUrl(config, `org-${organizationId}/project-none/basestations/x.zip`),
        status: 'Ready',
        markerName: '3040',
        point: JSON.stringify({ type: 'Point', coordinates: [139.62430213, 35.13206614] }),
        height: 75.8027,
        ecef: [-3978242.4348, 3382841.1715, 3649902.7667],
        startTimestamp: new Date('2005-04-01T23:59:46Z'),
        endTimestamp: new Date('2005-04-02T00:59:16Z'),
        files: JSON.stringify(files),
      })
      .returning('id')
      .executeTakeFirstOrThrow();

    // Bare rnx2rtkp gets the very files the run fetches: the session's GNSS files from the store
    // (rover observation, rover navigation) and the base station's, with the run's options file.
    const bareDir = path.join(work, 'bare-c');
    await mkdir(bareDir, { recursive: true });
    const session = await db
      .selectFrom('sessions')
      .select('manifest')
      .where('id', '=', sessionId)
      .executeTakeFirstOrThrow();
    const gnss = (session.manifest?.gnss ?? []).filter((file) => file.s3Url);
    const roverObs = await fetchTo(
      gnss.find((file) => file.kind === 'observation').s3Url,
      path.join(bareDir, 'rover.o'),
    );
    const roverNav = [];
    for (const [i, file] of gnss.filter((f) => f.kind === 'navigation').entries()) {
      roverNav.push(await fetchTo(file.s3Url, path.join(bareDir, `rover-${i}.n`)));
    }
    const baseObs = await fetchTo(files[0].s3Url, path.join(bareDir, 'base.o'));
    const baseNav = await fetchTo(files[1].s3Url, path.join(bareDir, 'base.n'));
    const conf = path.join(bareDir, 'ppk-options.conf');
    await writeFile(conf, ppkOptionsText());
    const barePos = path.join(bareDir, 'out.pos');
    const bareArgs = ['-k', conf, '-o', barePos, roverObs, baseObs, ...roverNav, baseNav];

    const scans = await trajectoryRunRepository.scansOfSession(db, sessionId);
    const sourceKeys = new Set(scans.filter((s) => s.s3Url).map((s) => keyOf(s.s3Url)));
    let sourceBytes = 0;
    for (const key of sourceKeys) sourceBytes += (await store.head(key))?.size ?? 0;
    console.log(
      `  setup (untimed): package ${(generated.luxlzBytes / 1e6).toFixed(1)} MB, session ${sessionId}, ${scans.length} scans (${(sourceBytes / 1e6).toFixed(1)} MB of clouds), ingested in ${((performance.now() - setupStarted) / 1000).toFixed(1)} s with the generation`,
    );

    // The run's store, timed: its correction step per scan is from the GET of the scan's cloud
    // to the end of the PUT of its corrected trajectory.csv; correctPointCloud itself lies
    // between the end of that GET and the PUT of the corrected cloud (plus a header read).
    let events = [];
    const storage = new Proxy(store, {
      get(target, prop) {
        if (prop === 'getStream') {
          return async (key, range) => {
            const started = performance.now();
            const stream = await target.getStream(key, range);
            stream.once('close', () =>
              events.push({ op: 'get', key, started, ended: performance.now() }),
            );
            return stream;
          };
        }
        if (prop === 'putStream') {
          return async (key, body, options) => {
            const started = performance.now();
            const result = await target.putStream(key, body, options);
            events.push({ op: 'put', key, started, ended: performance.now() });
            return result;
          };
        }
        const value = Reflect.get(target, prop, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    const deps = { db, config, storage };

    const rows = [];
    const bare = [];
    let bareFixed = '';
    for (let round = 0; round < RUN_ROUNDS; round++) {
      const order = round % 2 === 0 ? ['run', 'bare'] : ['bare', 'run'];
      for (const side of order) {
        if (side === 'bare') {
          await rm(barePos, { force: true });
          const started = performance.now();
          await run(program, bareArgs);
          bare.push(performance.now() - started);
          if (round === 0) {
            const epochs = parsePosFile(await readFile(barePos, 'latin1'));
            bareFixed = `${epochs.filter((e) => e.q === 1).length} of ${epochs.length}`;
          }
          continue;
        }
        const inserted = await trajectoryRunRepository.insert(db, {
          sessionId,
          organizationId,
          userId: user.id,
          basestationIds: [basestation.id],
        });
        await trajectoryRunRepository.markStarted(db, inserted.id);
        events = [];
        const started = performance.now();
        const outcome = await processTrajectoryRun(deps, inserted.id, async () => {});
        const wall = performance.now() - started;
        await trajectoryRunRepository.finish(db, inserted.id, outcome);
        if (!outcome.versionName) throw new Error(`run ${inserted.id}: ${outcome.statusMessage}`);
        // Per scan: correction step and correctPointCloud, from the store's timestamps.
        let correction = 0;
        let correct = 0;
        let fetch = 0;
        let put = 0;
        for (const get of events.filter((e) => e.op === 'get' && sourceKeys.has(e.key))) {
          const putCloud = events.find(
            (e) => e.op === 'put' && e.started >= get.ended && e.key.endsWith('/pointcloud.las'),
          );
          const putCsv = events.find(
            (e) => e.op === 'put' && e.started >= get.ended && e.key.endsWith('/trajectory.csv'),
          );
          correction += putCsv.ended - get.started;
          correct += putCloud.started - get.ended;
          fetch += get.ended - get.started;
          put += putCsv.ended - putCloud.started;
        }
        const logText = await new Promise((resolve, reject) => {
          const chunks = [];
          store
            .getStream(keyOf(outcome.logS3Url))
            .then((stream) =>
              stream
                .on('data', (c) => chunks.push(c))
                .on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
                .on('error', reject),
            )
            .catch(reject);
        });
        const rtklib = Number(/exit 0 in (\d+) ms/.exec(logText)?.[1] ?? Number.NaN);
        const versions = await db
          .selectFrom('artifacts')
          .select('parameters')
          .where('name', '=', outcome.versionName)
          .execute();
        const points = versions.reduce((sum, v) => sum + (v.parameters?.points ?? 0), 0);
        rows.push({
          wall,
          correction,
          correct,
          fetch,
          put,
          rtklib,
          points,
          scans: versions.length,
          fixed: `${outcome.metrics.fixed} of ${outcome.metrics.epochs}`,
        });
      }
    }
    const med = (key) => median(rows.map((row) => row[key]));
    const [runWall, bareWall] = [med('wall'), median(bare)];
    const ppkPart = median(rows.map((row) => row.wall - row.correction));
    const last = rows.at(-1);
    console.log(
      `  run: ${last.fixed} session epochs fixed, ${last.scans} scans corrected, ${last.points.toLocaleString('en')} points; bare: ${bareFixed} epochs fixed`,
    );
    console.log(
      `  run (whole):       median ${ms(runWall)}  (runs ${rows.map((r) => ms(r.wall)).join(', ')})`,
    );
    console.log(`  bare rnx2rtkp -k:  median ${ms(bareWall)}  (runs ${bare.map(ms).join(', ')})`);
    console.log(
      `  in the run: rnx2rtkp (from the run's log) median ${ms(med('rtklib'))}; correction step (all scans) median ${ms(med('correction'))}: fetch clouds ${ms(med('fetch'))}, correctPointCloud ${ms(med('correct'))} (${(last.points / (med('correct') / 1000) / 1e6).toFixed(1)} M points/s), store corrected cloud + trajectory ${ms(med('put'))}`,
    );
    console.log(
      `  the run without its correction step: median ${ms(ppkPart)} (${ms(median(rows.map((r) => r.wall - r.correction - r.rtklib)))} besides rnx2rtkp: store and database reads, fetch of the GNSS files, QC and its objects, the version rows)`,
    );
    console.log(
      `  overhead of the run's PPK part, (run − correction − bare) / bare: ${percent(ppkPart / bareWall - 1)} (goal ≤ 20 %)`,
    );
    console.log(
      `  overhead of the whole run, (run − bare) / bare: ${percent(runWall / bareWall - 1)}`,
    );
  } finally {
    await db.destroy();
  }
}
