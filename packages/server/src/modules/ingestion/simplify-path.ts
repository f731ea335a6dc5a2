/**
 * Douglas–Peucker simplification of a [lon, lat] line. Distances are measured in metres on a
 * local equirectangular projection around the first vertex, which is exact enough over the few
 * kilometres of one scan.
 */

type LonLat = readonly number[];

const METRES_PER_DEGREE = 111_320;

function toPlane(coordinates: readonly LonLat[]): [number, number][] {
  const [lon0 = 0, lat0 = 0] = coordinates[0] ?? [];
  const cosLat = Math.cos((lat0 * Math.PI) / 180);
  return coordinates.map(([lon = 0, lat = 0]) => [
    (lon - lon0) * METRES_PER_DEGREE * cosLat,
    (lat - lat0) * METRES_PER_DEGREE,
  ]);
}

function distanceToSegment(p: [number, number], a: [number, number], b: [number, number]) {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const lengthSquared = dx * dx + dy * dy;
  const t =
    lengthSquared === 0
      ? 0
      : Math.max(0, Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / lengthSquared));
  return Math.hypot(p[0] - (a[0] + t * dx), p[1] - (a[1] + t * dy));
}

/** Indexes of the vertices Douglas–Peucker keeps at `tolerance` metres (iterative, no recursion). */
export function douglasPeucker(points: readonly [number, number][], tolerance: number): number[] {
  const n = points.length;
  if (n <= 2) return points.map((_, i) => i);
  const keep = new Uint8Array(n);
  keep[0] = 1;
  keep[n - 1] = 1;
  const stack: [number, number][] = [[0, n - 1]];
  while (stack.length > 0) {
    const [first, last] = stack.pop()!;
    let farthest = -1;
    let farthestDistance = tolerance;
    for (let i = first + 1; i < last; i++) {
      const distance = distanceToSegment(points[i]!, points[first]!, points[last]!);
      if (distance > farthestDistance) {
        farthest = i;
        farthestDistance = distance;
      }
    }
    if (farthest !== -1) {
      keep[farthest] = 1;
      stack.push([first, farthest], [farthest, last]);
    }
  }
  const kept: number[] = [];
  keep.forEach((flag, i) => {
    if (flag) kept.push(i);
  });
  return kept;
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
    const kept = douglasPeucker(plane, tolerance);
    if (kept.length <= maxVertices) return kept.map((i) => [...coordinates[i]!]);
    tolerance *= 2;
  }
}
