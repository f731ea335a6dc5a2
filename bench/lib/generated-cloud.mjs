// A generated LAS 1.2 drive at GNSS site 0759 (UTM), as the package generator writes it, and the
// warm-up-then-best-of-3 timing the file benchmarks share.
import { createWriteStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import proj4 from 'proj4';
import {
  GNSS_SITES,
  utmZoneFor,
} from '../../packages/server/src/device-packages/generator/gnss-sites.ts';
import { lasStream } from '../../packages/server/src/device-packages/generator/las-writer.ts';
import { loadSourceCloud } from '../../packages/server/src/device-packages/generator/source-cloud.ts';

/** Writes `points` points (autzen_trim.las moved to the site, GPS time over 600 s); its bytes. */
export async function writeGeneratedLas(file, points, fixturesDir) {
  const site = GNSS_SITES[0];
  const utm = utmZoneFor(site.lon);
  const [easting, northing] = proj4('WGS84', utm.proj).forward([site.lon, site.lat]);
  const source = await loadSourceCloud(path.join(fixturesDir, 'pointcloud/autzen_trim.las'));
  await pipeline(
    lasStream({
      source,
      pointCount: points,
      originEasting: easting,
      originNorthing: northing,
      originHeight: site.ellipsoidalHeight,
      startGps: site.windowStart + 30,
      durationSeconds: 600,
      epsg: 32600 + utm.zone,
      jitter: 0.02,
      seed: 1,
    }),
    createWriteStream(file),
  );
  return (await stat(file)).size;
}

/** Seconds of the fastest of 3 runs of `work`, after one warm-up run (JIT, page cache). */
export async function bestOfThree(work) {
  await work();
  let seconds = Number.POSITIVE_INFINITY;
  for (let i = 0; i < 3; i++) {
    const started = performance.now();
    await work();
    seconds = Math.min(seconds, (performance.now() - started) / 1000);
  }
  return seconds;
}
