import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { setImmediate as yieldToIo } from 'node:timers/promises';
import { deflateRawSync } from 'node:zlib';
import proj4 from 'proj4';
import { demoSessionId } from '../../demo/demo-sessions.ts';
import { pathLength } from '../../demo/flight-line.ts';
import { gpsSecondsToUtc, utcToGpsSeconds } from '../gps-time.ts';
import {
  CAMERAS,
  IMAGE_COLUMNS,
  imagePath,
  type LuxizManifest,
  type LuxlzManifest,
  MANIFEST_NAME,
  PACKAGE_FORMAT_VERSION,
  TRAJECTORY_COLUMNS,
} from '../manifest.ts';
import { createPackageWriter } from '../package-writer.ts';
import { JPEG_ROTATION, renderJpeg } from './camera-render.ts';
import { GNSS_SITES, type GnssSite, siteForWindow, utmZoneFor } from './gnss-sites.ts';
import { lasFileSize, lasStream, type ScanCloudPlan } from './las-writer.ts';
import type { GeneratorOptions } from './options.ts';
import { loadSourceCloud, type SourceCloud } from './source-cloud.ts';
import { type Pose, poseAt, samplePoses, scannerPath } from './trajectory.ts';

export interface GeneratedPackage {
  luxlzPath: string;
  luxlzBytes: number;
  luxizPath?: string;
  luxizBytes?: number;
  imageCount: number;
  manifest: LuxlzManifest;
  site: GnssSite;
  /** Length of each scan's trajectory in metres. */
  scanLengths: number[];
}

const SCAN_GAP_SECONDS = 10;
const JITTER_METRES = 0.02;
const MIN_POINTS_PER_SCAN = 1000;

function iso(date: Date): string {
  return date.toISOString().replace('.000Z', 'Z');
}

function findSite(startGps: number, endGps: number, options: GeneratorOptions): GnssSite {
  const site = siteForWindow(startGps, endGps);
  if (site) return site;
  const windows = GNSS_SITES.map(
    (s) =>
      `${s.name} ${iso(gpsSecondsToUtc(s.windowStart))} – ${iso(gpsSecondsToUtc(s.windowEnd))}`,
  ).join('; ');
  throw new Error(
    `The session ${iso(options.sessionStart)} – ${iso(gpsSecondsToUtc(endGps))} (UTC) lies outside the observation window of every fixture receiver (${windows}); choose a --session-start inside one, or fewer or shorter scans`,
  );
}

/** Per-entry ZIP overhead (local header, data descriptor, central record; ZIP64 worst case). */
function zipOverhead(name: string): number {
  return 30 + 24 + 46 + 2 * name.length + 64;
}

interface ScanPlan {
  id: string;
  startGps: number;
  poses: Pose[];
  csv: Buffer;
  cloud: ScanCloudPlan;
}

function trajectoryCsv(poses: readonly Pose[], toLonLat: proj4.Converter): Buffer {
  const rows = [TRAJECTORY_COLUMNS.join(',')];
  for (const pose of poses) {
    const [lon, lat] = toLonLat.forward([pose.easting, pose.northing]) as [number, number];
    rows.push(
      [
        pose.gpsTime.toFixed(3),
        lat.toFixed(9),
        lon.toFixed(9),
        pose.height.toFixed(3),
        pose.roll.toFixed(3),
        pose.pitch.toFixed(3),
        pose.yaw.toFixed(3),
      ].join(','),
    );
  }
  return Buffer.from(`${rows.join('\n')}\n`);
}

/** --ppk-offset: the site's surveyed rover position plus the offset, in the scan's UTM grid. */
function ppkStation(
  site: GnssSite,
  toLonLat: proj4.Converter,
  offset: [number, number, number],
): { easting: number; northing: number; height: number } {
  if (!site.surveyed) {
    throw new Error(
      `--ppk-offset needs a site with a surveyed rover position; ${site.name} has none`,
    );
  }
  const { lat, lon, ellipsoidalHeight } = site.surveyed;
  const [easting, northing] = toLonLat.inverse([lon, lat]) as [number, number];
  return {
    easting: easting + offset[0],
    northing: northing + offset[1],
    height: ellipsoidalHeight + offset[2],
  };
}

/** A static scan: every pose (10 Hz, both ends) at the station, level, heading north. */
function staticPoses(
  station: { easting: number; northing: number; height: number },
  startGps: number,
  durationSeconds: number,
  rate = 10,
): Pose[] {
  return Array.from({ length: Math.floor(durationSeconds * rate) + 1 }, (_, s) => ({
    gpsTime: startGps + s / rate,
    ...station,
    roll: 0,
    pitch: 0,
    yaw: 0,
  }));
}

/** Builds the `.luxlz` (and with `images` the `.luxiz`) described by the options. */
export async function makePackage(options: GeneratorOptions): Promise<GeneratedPackage> {
  const source = await loadSourceCloud(options.source);
  const startGps = utcToGpsSeconds(options.sessionStart);
  const duration = options.scanSeconds;
  const endGps = startGps + options.scans * duration + (options.scans - 1) * SCAN_GAP_SECONDS;
  const site = findSite(startGps, endGps, options);
  const utm = utmZoneFor(site.lon);
  const toLonLat = proj4(utm.proj, 'WGS84');
  // forward goes UTM → WGS84, so the site is projected with inverse.
  const [easting, northing] = toLonLat.inverse([site.lon, site.lat]) as [number, number];
  const sessionId = demoSessionId(options.deviceId, options.sessionStart);
  const path2d = scannerPath(source);
  const spacing = source.extent.maxY - source.extent.minY + 30;

  const station = options.ppkOffset ? ppkStation(site, toLonLat, options.ppkOffset) : null;
  const [offsetE, offsetN, offsetU] = options.ppkOffset ?? [0, 0, 0];

  const scans: ScanPlan[] = [];
  for (let i = 0; i < options.scans; i++) {
    const scanStart = startGps + i * (duration + SCAN_GAP_SECONDS);
    // Scans sit side by side, north of the receiver, so they never overlap one another.
    const origin = { easting, northing: northing + i * spacing, height: site.ellipsoidalHeight };
    const poses = station
      ? staticPoses(station, scanStart, duration)
      : samplePoses(path2d, origin, scanStart, duration);
    scans.push({
      id: `${sessionId}_${String(i + 1).padStart(2, '0')}`,
      startGps: scanStart,
      poses,
      csv: trajectoryCsv(poses, toLonLat),
      cloud: {
        source,
        pointCount: 0,
        // --ppk-offset moves the cloud by the offset its trajectory carries.
        originEasting: origin.easting + offsetE,
        originNorthing: origin.northing + offsetN,
        originHeight: origin.height + offsetU,
        startGps: scanStart,
        durationSeconds: duration,
        epsg: 32600 + utm.zone,
        jitter: JITTER_METRES,
        seed: options.seed * 1000 + i,
      },
    });
  }
  const gnss = await Promise.all(
    [site.observation, site.navigation].map(async (name, index) => ({
      path: name,
      kind: index === 0 ? ('observation' as const) : ('navigation' as const),
      data: await readFile(path.join(options.fixturesDir, name)),
    })),
  );

  const manifestFor = (counts: readonly number[]): LuxlzManifest => ({
    formatVersion: PACKAGE_FORMAT_VERSION,
    deviceId: options.deviceId,
    sessionId,
    firmware: options.firmware,
    generator: `generated from public fixtures (${path.basename(source.path)}, ${path.basename(site.observation)}); trajectory and cloud moved to the GNSS site ${site.name} (${site.lat.toFixed(4)} N, ${site.lon.toFixed(4)} E), GPS times shifted into its observation window${options.ppkOffset ? `; static session at the surveyed rover position, trajectory and clouds offset by ${options.ppkOffset.join(',')} m (E,N,U)` : ''}`,
    scans: scans.map((scan, i) => ({
      id: scan.id,
      friendlyName: `Scan ${i + 1}`,
      capturedStart: iso(gpsSecondsToUtc(scan.startGps)),
      capturedEnd: iso(gpsSecondsToUtc(scan.startGps + duration)),
      pointCloud: `scans/${scan.id}/pointcloud.las`,
      trajectory: `scans/${scan.id}/trajectory.csv`,
      pointCount: counts[i]!,
      crs: utm.epsg,
    })),
    gnss: gnss.map(({ path: name, kind }) => ({ path: name, kind })),
  });

  // Size the clouds so the archive lands on the target: every other entry's deflated size is
  // computed exactly as the writer will compress it (same zlib, same level).
  const provisional = manifestFor(scans.map(() => 1e12));
  let fixed = 22 + 56 + 20 + zipOverhead(MANIFEST_NAME);
  fixed += deflateRawSync(JSON.stringify(provisional, null, 2)).length;
  for (const scan of scans) {
    fixed += deflateRawSync(scan.csv).length + zipOverhead(`scans/${scan.id}/trajectory.csv`);
    fixed += zipOverhead(`scans/${scan.id}/pointcloud.las`) + lasFileSize(source.recordLength, 0);
  }
  for (const file of gnss) fixed += deflateRawSync(file.data).length + zipOverhead(file.path);
  const totalPoints = Math.floor((options.targetBytes - fixed) / source.recordLength);
  const perScan = Math.floor(totalPoints / scans.length);
  if (perScan < MIN_POINTS_PER_SCAN) {
    const least = fixed + MIN_POINTS_PER_SCAN * scans.length * source.recordLength;
    throw new Error(
      `--target-size ${options.targetBytes} bytes is too small for ${scans.length} scans: the package needs at least ${least} bytes`,
    );
  }
  scans.forEach((scan, i) => {
    scan.cloud.pointCount = i === scans.length - 1 ? totalPoints - perScan * i : perScan;
  });
  const manifest = manifestFor(scans.map((scan) => scan.cloud.pointCount));

  await mkdir(options.outDir, { recursive: true });
  const luxlzPath = path.join(options.outDir, `${sessionId}.luxlz`);
  const writer = createPackageWriter(luxlzPath);
  writer.addBuffer(MANIFEST_NAME, JSON.stringify(manifest, null, 2));
  for (const scan of scans) {
    const size = lasFileSize(source.recordLength, scan.cloud.pointCount);
    writer.addStream(`scans/${scan.id}/pointcloud.las`, size, () => lasStream(scan.cloud));
    writer.addBuffer(`scans/${scan.id}/trajectory.csv`, scan.csv);
  }
  for (const file of gnss) writer.addBuffer(file.path, file.data);
  const luxlzBytes = await writer.finish();

  const result: GeneratedPackage = {
    luxlzPath,
    luxlzBytes,
    imageCount: 0,
    manifest,
    site,
    scanLengths: scans.map((scan) =>
      pathLength(
        scan.poses.map((pose) => toLonLat.forward([pose.easting, pose.northing]) as number[]),
      ),
    ),
  };
  if (options.images) {
    Object.assign(result, await writeImages(options, sessionId, scans, source, toLonLat));
  }
  return result;
}

async function writeImages(
  options: GeneratorOptions,
  sessionId: string,
  scans: readonly ScanPlan[],
  source: SourceCloud,
  toLonLat: proj4.Converter,
) {
  const luxizPath = path.join(options.outDir, `${sessionId}.luxiz`);
  const writer = createPackageWriter(luxizPath);
  const epsg = `EPSG:${scans[0]!.cloud.epsg}`;
  const frames = Math.floor(options.scanSeconds) + 1;
  const manifest: LuxizManifest = {
    formatVersion: PACKAGE_FORMAT_VERSION,
    deviceId: options.deviceId,
    sessionId,
    generator: 'frames rendered from the point cloud at the camera poses of the trajectory',
    scans: scans.map((scan) => ({ id: scan.id, frameCount: frames, crs: epsg })),
  };
  writer.addBuffer(MANIFEST_NAME, JSON.stringify(manifest, null, 2));
  const rows = [IMAGE_COLUMNS.join(',')];
  let imageCount = 0;
  for (const scan of scans) {
    const placement = {
      easting: scan.cloud.originEasting,
      northing: scan.cloud.originNorthing,
      height: scan.cloud.originHeight,
    };
    for (let frame = 0; frame < frames; frame++) {
      const pose = poseAt(scan.poses, scan.startGps + frame);
      const frameId = String(frame).padStart(6, '0');
      const [lon, lat] = toLonLat.forward([pose.easting, pose.northing]) as [number, number];
      for (const camera of CAMERAS) {
        writer.addBuffer(
          imagePath(scan.id, camera, frameId),
          renderJpeg(source, placement, pose, camera),
          {
            compress: false,
          },
        );
        imageCount++;
        rows.push(
          [
            scan.id,
            frameId,
            pose.gpsTime.toFixed(3),
            pose.easting.toFixed(3),
            pose.northing.toFixed(3),
            pose.height.toFixed(3),
            lat.toFixed(9),
            lon.toFixed(9),
            camera,
            JPEG_ROTATION[camera],
          ].join(','),
        );
      }
      // Let the archive drain to disk between frames, so rendered JPEGs do not pile up.
      await yieldToIo();
    }
  }
  writer.addBuffer('images.csv', `${rows.join('\n')}\n`);
  const luxizBytes = await writer.finish();
  return { luxizPath, luxizBytes, imageCount };
}
