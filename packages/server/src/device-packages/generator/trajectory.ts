import type { SourceCloud } from './source-cloud.ts';

/** One trajectory sample in the scan's UTM zone; angles in degrees. */
export interface Pose {
  gpsTime: number;
  easting: number;
  northing: number;
  height: number;
  roll: number;
  pitch: number;
  /** Heading, clockwise from grid north, 0–360. */
  yaw: number;
}

/** Height of the scanner above the ground under it (a vehicle-mounted device). */
export const SCANNER_HEIGHT = 2;

/**
 * The scanner's path: the cloud's points in acquisition order cut into `bins` runs of equal
 * count, each reduced to its mean position (the centre of the swath at that moment), as the
 * demo flight line does; times are the runs' mean acquisition times.
 */
export function scannerPath(source: SourceCloud, bins = 24) {
  const order = Array.from({ length: source.count }, (_, i) => i).sort(
    (a, b) => source.time[a]! - source.time[b]!,
  );
  const vertices: { t: number; x: number; y: number; z: number }[] = [];
  for (let bin = 0; bin < bins; bin++) {
    const from = Math.floor((bin * source.count) / bins);
    const to = Math.floor(((bin + 1) * source.count) / bins);
    let t = 0;
    let x = 0;
    let y = 0;
    let z = 0;
    for (let k = from; k < to; k++) {
      const i = order[k]!;
      t += source.time[i]!;
      x += source.dx[i]!;
      y += source.dy[i]!;
      z += source.dz[i]!;
    }
    const n = Math.max(1, to - from);
    vertices.push({ t: t / n, x: x / n, y: y / n, z: z / n });
  }
  // The path spans the whole scan: its ends are held to time 0 and 1.
  vertices[0]!.t = 0;
  vertices[vertices.length - 1]!.t = 1;
  return vertices;
}

/** Samples the path at `rate` Hz between startGps and startGps + duration. */
export function samplePoses(
  path: ReturnType<typeof scannerPath>,
  origin: { easting: number; northing: number; height: number },
  startGps: number,
  durationSeconds: number,
  rate = 10,
): Pose[] {
  const poses: Pose[] = [];
  const samples = Math.floor(durationSeconds * rate) + 1;
  let segment = 0;
  for (let s = 0; s < samples; s++) {
    const u = Math.min(1, s / rate / durationSeconds);
    while (segment < path.length - 2 && path[segment + 1]!.t < u) segment++;
    const a = path[segment]!;
    const b = path[segment + 1] ?? a;
    const f = b.t > a.t ? Math.max(0, Math.min(1, (u - a.t) / (b.t - a.t))) : 0;
    const yaw = (Math.atan2(b.x - a.x, b.y - a.y) * 180) / Math.PI;
    poses.push({
      gpsTime: startGps + s / rate,
      easting: origin.easting + a.x + (b.x - a.x) * f,
      northing: origin.northing + a.y + (b.y - a.y) * f,
      height: origin.height + a.z + (b.z - a.z) * f + SCANNER_HEIGHT,
      roll: 0,
      pitch: 0,
      yaw: (yaw + 360) % 360,
    });
  }
  return poses;
}

/** Interpolates the pose at a GPS time (clamped to the ends). */
export function poseAt(poses: readonly Pose[], gpsTime: number): Pose {
  const first = poses[0]!;
  if (poses.length === 1 || gpsTime <= first.gpsTime) return first;
  const step = poses[1]!.gpsTime - first.gpsTime;
  const index = Math.min(poses.length - 2, Math.floor((gpsTime - first.gpsTime) / step));
  const a = poses[index]!;
  const b = poses[index + 1]!;
  const f = Math.max(0, Math.min(1, (gpsTime - a.gpsTime) / step));
  return {
    gpsTime,
    easting: a.easting + (b.easting - a.easting) * f,
    northing: a.northing + (b.northing - a.northing) * f,
    height: a.height + (b.height - a.height) * f,
    roll: 0,
    pitch: 0,
    yaw: a.yaw,
  };
}
