import { stat } from 'node:fs/promises';
import proj4 from 'proj4';
import { readLasPoints } from '../lib/las/las-reader.ts';

/** One vertex of a flight line: mean position of a bin of points in acquisition order. */
export interface FlightLineVertex {
  lon: number;
  lat: number;
  /** Mean easting / northing / height of the bin in the cloud's projected system. */
  x: number;
  y: number;
  z: number;
  /** Seconds since the first point (GPS time, or a stand-in when the cloud has none). */
  seconds: number;
}

export interface FlightLine {
  vertices: FlightLineVertex[];
  /** Seconds between the first and last point; null when the cloud holds no usable GPS time. */
  gpsSpanSeconds: number | null;
  pointCount: number;
  fileSize: number;
}

/**
 * Derives a trajectory-like path from a point cloud: points sorted by GPS time, cut into `bins`
 * runs of equal point count, each run reduced to its mean x, y and converted to lon/lat. Clouds
 * whose GPS times are all equal (some writers store 0) keep file order, which is scan order.
 */
export async function flightLineFromLas(
  path: string,
  sourceProjection: string,
  bins = 40,
): Promise<FlightLine> {
  const xs: number[] = [];
  const ys: number[] = [];
  const zs: number[] = [];
  const times: number[] = [];
  for await (const chunk of readLasPoints(path)) {
    for (let i = 0; i < chunk.count; i++) {
      xs.push(chunk.x[i]!);
      ys.push(chunk.y[i]!);
      zs.push(chunk.z[i]!);
      times.push(chunk.gpsTime ? chunk.gpsTime[i]! : 0);
    }
  }
  const count = xs.length;
  if (count < bins) throw new Error(`${path} holds ${count} points, fewer than ${bins} bins`);
  let minTime = Number.POSITIVE_INFINITY;
  let maxTime = Number.NEGATIVE_INFINITY;
  for (const time of times) {
    minTime = Math.min(minTime, time);
    maxTime = Math.max(maxTime, time);
  }
  const hasTime = maxTime > minTime;
  const order = Array.from({ length: count }, (_, i) => i);
  if (hasTime) order.sort((a, b) => times[a]! - times[b]!);

  const toLonLat = proj4(sourceProjection, 'WGS84');
  const vertices: FlightLineVertex[] = [];
  for (let bin = 0; bin < bins; bin++) {
    const from = Math.floor((bin * count) / bins);
    const to = Math.floor(((bin + 1) * count) / bins);
    let sx = 0;
    let sy = 0;
    let sz = 0;
    let st = 0;
    for (let k = from; k < to; k++) {
      const i = order[k]!;
      sx += xs[i]!;
      sy += ys[i]!;
      sz += zs[i]!;
      st += times[i]! - minTime;
    }
    const n = to - from;
    const [lon, lat] = toLonLat.forward([sx / n, sy / n]) as [number, number];
    // Without GPS time the bin index stands in for time; the caller scales it to a duration.
    const seconds = hasTime ? st / n : bin;
    vertices.push({ lon, lat, x: sx / n, y: sy / n, z: sz / n, seconds });
  }
  return {
    vertices,
    gpsSpanSeconds: hasTime ? maxTime - minTime : null,
    pointCount: count,
    fileSize: (await stat(path)).size,
  };
}

/** Splits a path into `parts` consecutive pieces sharing their end vertices. */
export function splitFlightLine<T>(vertices: readonly T[], parts: number): T[][] {
  const pieces: T[][] = [];
  const segments = vertices.length - 1;
  for (let part = 0; part < parts; part++) {
    const from = Math.round((part * segments) / parts);
    const to = Math.round(((part + 1) * segments) / parts);
    pieces.push(vertices.slice(from, to + 1));
  }
  return pieces;
}

// WGS84 ellipsoid.
const A = 6378137;
const F = 1 / 298.257223563;
const B = A * (1 - F);

/** Geodesic distance in metres on the WGS84 ellipsoid (Vincenty's inverse formula). */
export function geodesicDistance(from: readonly number[], to: readonly number[]): number {
  const rad = Math.PI / 180;
  const [lon1 = 0, lat1 = 0] = from;
  const [lon2 = 0, lat2 = 0] = to;
  const L = (lon2 - lon1) * rad;
  const U1 = Math.atan((1 - F) * Math.tan(lat1 * rad));
  const U2 = Math.atan((1 - F) * Math.tan(lat2 * rad));
  const sinU1 = Math.sin(U1);
  const cosU1 = Math.cos(U1);
  const sinU2 = Math.sin(U2);
  const cosU2 = Math.cos(U2);
  let lambda = L;
  for (let iteration = 0; iteration < 100; iteration++) {
    const sinLambda = Math.sin(lambda);
    const cosLambda = Math.cos(lambda);
    const sinSigma = Math.hypot(cosU2 * sinLambda, cosU1 * sinU2 - sinU1 * cosU2 * cosLambda);
    if (sinSigma === 0) return 0;
    const cosSigma = sinU1 * sinU2 + cosU1 * cosU2 * cosLambda;
    const sigma = Math.atan2(sinSigma, cosSigma);
    const sinAlpha = (cosU1 * cosU2 * sinLambda) / sinSigma;
    const cos2Alpha = 1 - sinAlpha * sinAlpha;
    const cos2SigmaM = cos2Alpha === 0 ? 0 : cosSigma - (2 * sinU1 * sinU2) / cos2Alpha;
    const C = (F / 16) * cos2Alpha * (4 + F * (4 - 3 * cos2Alpha));
    const previous = lambda;
    lambda =
      L +
      (1 - C) *
        F *
        sinAlpha *
        (sigma + C * sinSigma * (cos2SigmaM + C * cosSigma * (-1 + 2 * cos2SigmaM ** 2)));
    if (Math.abs(lambda - previous) < 1e-12) {
      const u2 = (cos2Alpha * (A * A - B * B)) / (B * B);
      const bigA = 1 + (u2 / 16384) * (4096 + u2 * (-768 + u2 * (320 - 175 * u2)));
      const bigB = (u2 / 1024) * (256 + u2 * (-128 + u2 * (74 - 47 * u2)));
      const deltaSigma =
        bigB *
        sinSigma *
        (cos2SigmaM +
          (bigB / 4) *
            (cosSigma * (-1 + 2 * cos2SigmaM ** 2) -
              (bigB / 6) * cos2SigmaM * (-3 + 4 * sinSigma ** 2) * (-3 + 4 * cos2SigmaM ** 2)));
      return B * bigA * (sigma - deltaSigma);
    }
  }
  // Nearly antipodal points do not converge; a great-circle distance is close enough there.
  const dLat = (lat2 - lat1) * rad;
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(L / 2) ** 2;
  return 2 * 6371008.8 * Math.asin(Math.sqrt(h));
}

/** Length in metres of a [lon, lat] line: the sum of its geodesic segments. */
export function pathLength(coordinates: readonly (readonly number[])[]): number {
  let total = 0;
  for (let i = 1; i < coordinates.length; i++) {
    total += geodesicDistance(coordinates[i - 1]!, coordinates[i]!);
  }
  return total;
}
