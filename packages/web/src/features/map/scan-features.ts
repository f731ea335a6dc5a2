import type { MapScan } from './types.ts';

/** The scan's drawable vertices; a single vertex becomes a dot (a zero-length line). */
export function drawablePath(path: MapScan['path']): [number, number][] | null {
  if (!path) return null;
  const vertices: [number, number][] = [];
  for (let v = 0; v + 1 < path.length; v += 2) {
    const lon = path[v] as number;
    const lat = path[v + 1] as number;
    if (Number.isFinite(lon) && Number.isFinite(lat)) vertices.push([lon, lat]);
  }
  if (vertices.length === 0) return null;
  if (vertices.length === 1)
    return [vertices[0] as [number, number], vertices[0] as [number, number]];
  return vertices;
}

/** [[west, south], [east, north]] in degrees. */
export type LngLatBox = [[number, number], [number, number]];

/** Whether `inner` lies wholly within `outer`. */
export function boxInside(inner: LngLatBox, outer: LngLatBox): boolean {
  const [[west, south], [east, north]] = inner;
  const [[outerWest, outerSouth], [outerEast, outerNorth]] = outer;
  return west >= outerWest && east <= outerEast && south >= outerSouth && north <= outerNorth;
}

/**
 * True when the source must be rebuilt for this list: a scan the source lacks, or a known
 * scan whose path or status changed. Otherwise a filter change is only a visibility change.
 */
export function needsRebuild(known: ReadonlyMap<string, MapScan>, scans: readonly MapScan[]) {
  for (const scan of scans) {
    const previous = known.get(scan.id);
    if (!previous) return true;
    if (previous === scan) continue;
    if (previous.status !== scan.status || !samePath(previous.path, scan.path)) return true;
  }
  return false;
}

function samePath(a: MapScan['path'], b: MapScan['path']): boolean {
  if (a === b) return true;
  if (!a || !b || a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
