import { douglasPeuckerKeep } from '@asset-portal/shared';

/**
 * Douglas–Peucker simplification (the shared implementation) of a [lon, lat] line. Distances are measured in metres on a
 * local equirectangular projection around the first vertex, which is exact enough over the few
 * kilometres of one scan.
 */

type LonLat = readonly number[];

const METRES_PER_DEGREE = 111_320;

/** The line in metres, interleaved x, y, on a local plane around its first vertex. */
function toPlane(coordinates: readonly LonLat[]): Float64Array {
  const [lon0 = 0, lat0 = 0] = coordinates[0] ?? [];
  const cosLat = Math.cos((lat0 * Math.PI) / 180);
  const plane = new Float64Array(coordinates.length * 2);
  coordinates.forEach(([lon = 0, lat = 0], i) => {
    plane[i * 2] = (lon - lon0) * METRES_PER_DEGREE * cosLat;
    plane[i * 2 + 1] = (lat - lat0) * METRES_PER_DEGREE;
  });
  return plane;
}

/**
 * The line simplified to at most `maxVertices` vertices: Douglas–Peucker from a 5 cm tolerance,
 * doubled until the line is short enough. The ends are always kept.
 */
export function simplifyPath(
  coordinates: readonly LonLat[],
  maxVertices = 500,
  startToleranceMetres = 0.05,
): number[][] {
  if (maxVertices < 2) throw new RangeError('maxVertices must be at least 2');
  const copy = () => coordinates.map((c) => [...c]);
  if (coordinates.length <= maxVertices) return copy();
  const plane = toPlane(coordinates);
  let tolerance = startToleranceMetres;
  for (;;) {
    const keep = douglasPeuckerKeep(plane, tolerance);
    if (keep.reduce((sum, flag) => sum + flag, 0) <= maxVertices) {
      return coordinates.flatMap((c, i) => (keep[i] ? [[...c]] : []));
    }
    tolerance *= 2;
  }
}
