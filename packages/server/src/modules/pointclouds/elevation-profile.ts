import proj4 from 'proj4';
import type { Box3, PotreeCloud, PotreeNode } from '../../pointcloud/potree-reader.ts';
import { metresPerUnit } from './point-cloud-crs.ts';

/**
 * Elevation profile along a polyline: every point of the full-detail octree within half the
 * corridor width of the line (measured horizontally) and between its two ends, with its distance
 * along the line.
 */

/** The most points a profile answers with; more are thinned evenly along the line. */
export const MAX_PROFILE_POINTS = 100_000;
/** The most points a profile may read from the clouds (a bound on the work of one request). */
export const MAX_PROFILE_SCAN_POINTS = 20_000_000;
const NODE_READS_AT_ONCE = 8;

export class ProfileTooLargeError extends Error {
  override name = 'ProfileTooLargeError';
}

/** [distanceAlongLineMetres, elevation, lon, lat] */
export type ProfilePoint = [number, number, number, number];

/** A point in its cloud's coordinates: [distanceAlongLineMetres, elevation, x, y]. */
export type CloudProfilePoint = [number, number, number, number];

export interface CloudProfile {
  points: CloudProfilePoint[];
  lengthMetres: number;
  /** Cloud x, y → WGS84 lon, lat. */
  toLonLat(x: number, y: number): [number, number];
}

interface Segment {
  ax: number;
  ay: number;
  dx: number;
  dy: number;
  lengthSquared: number;
  /** Distance along the line at the segment's start, in cloud units. */
  start: number;
  box: Box3;
}

/** Points of one cloud within the corridor, unsorted and uncapped. */
export async function profileCloud(
  cloud: PotreeCloud,
  crs: string,
  line: readonly [number, number][],
  corridorWidthMetres: number,
  budget: { points: number } = { points: MAX_PROFILE_SCAN_POINTS },
): Promise<CloudProfile> {
  const converter = proj4('WGS84', crs);
  const unit = metresPerUnit(crs);
  const half = corridorWidthMetres / 2 / unit;
  const vertices = line.map((v) => converter.forward([v[0], v[1]]) as [number, number]);
  const segments: Segment[] = [];
  let length = 0;
  for (let i = 0; i + 1 < vertices.length; i++) {
    const [ax, ay] = vertices[i]!;
    const [bx, by] = vertices[i + 1]!;
    const dx = bx - ax;
    const dy = by - ay;
    segments.push({
      ax,
      ay,
      dx,
      dy,
      lengthSquared: dx * dx + dy * dy,
      start: length,
      box: {
        min: [Math.min(ax, bx) - half, Math.min(ay, by) - half, Number.NEGATIVE_INFINITY],
        max: [Math.max(ax, bx) + half, Math.max(ay, by) + half, Number.POSITIVE_INFINITY],
      },
    });
    length += Math.hypot(dx, dy);
  }

  // One segment at a time keeps the cloud's bound on concurrent reads; a chunk read for one
  // segment is not read again for the next.
  const nodes = new Map<string, PotreeNode>();
  for (const segment of segments) {
    for (const node of await cloud.nodesIntersecting(segment.box)) nodes.set(node.name, node);
  }
  const wanted = [...nodes.values()];
  const total = wanted.reduce((sum, node) => sum + node.numPoints, 0);
  if (total > budget.points) {
    throw new ProfileTooLargeError(
      'The profile line crosses too many points; draw a shorter line or a narrower corridor',
    );
  }
  budget.points -= total;

  const points: CloudProfilePoint[] = [];
  const halfSquared = half * half;
  for (let i = 0; i < wanted.length; i += NODE_READS_AT_ONCE) {
    const batch = await Promise.all(
      wanted.slice(i, i + NODE_READS_AT_ONCE).map((node) => cloud.readNode(node)),
    );
    for (const node of batch) {
      for (let k = 0; k < node.count; k++) {
        const x = node.x[k]!;
        const y = node.y[k]!;
        let best = Number.POSITIVE_INFINITY;
        let along = 0;
        for (let index = 0; index < segments.length; index++) {
          const s = segments[index]!;
          const px = x - s.ax;
          const py = y - s.ay;
          let t = s.lengthSquared > 0 ? (px * s.dx + py * s.dy) / s.lengthSquared : 0;
          // The corridor ends square at the line's ends: a point before its start or past its
          // end is not on the profile (it would pile up at distance 0 or at the full length).
          if ((index === 0 && t < 0) || (index === segments.length - 1 && t > 1)) continue;
          t = Math.max(0, Math.min(1, t));
          const ex = px - t * s.dx;
          const ey = py - t * s.dy;
          const d = ex * ex + ey * ey;
          if (d < best) {
            best = d;
            along = s.start + t * Math.sqrt(s.lengthSquared);
          }
        }
        if (best <= halfSquared) points.push([along * unit, node.z[k]! * unit, x, y]);
      }
    }
  }
  return {
    points,
    lengthMetres: length * unit,
    toLonLat: (x, y) => converter.inverse([x, y]) as [number, number],
  };
}

/**
 * Merges the clouds' points sorted by distance along the line, thinned evenly to at most
 * `limit`, with positions turned to lon/lat (after thinning: only kept points are converted).
 */
export function finishProfile(
  clouds: readonly CloudProfile[],
  limit = MAX_PROFILE_POINTS,
): { points: ProfilePoint[]; truncated: boolean } {
  const all: { point: CloudProfilePoint; cloud: CloudProfile }[] = [];
  for (const cloud of clouds) for (const point of cloud.points) all.push({ point, cloud });
  all.sort((a, b) => a.point[0] - b.point[0] || a.point[1] - b.point[1]);
  const truncated = all.length > limit;
  const count = truncated ? limit : all.length;
  const points: ProfilePoint[] = new Array(count);
  for (let k = 0; k < count; k++) {
    const { point, cloud } = all[truncated ? Math.floor((k * all.length) / limit) : k]!;
    const [lon, lat] = cloud.toLonLat(point[2], point[3]);
    points[k] = [point[0], point[1], lon, lat];
  }
  return { points, truncated };
}
