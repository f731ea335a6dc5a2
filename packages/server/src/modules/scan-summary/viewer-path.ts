import { douglasPeuckerKeep } from '@asset-portal/shared';

/**
 * A scan's path as the viewer's map needs it: Douglas–Peucker (the shared implementation) at a
 * tolerance of the summary's coordinate precision (1e-6°, ~0.1 m), so the line drawn does not
 * move by a pixel at the map's deepest zoom, while a path that ingestion kept finer than that
 * sends fewer vertices. Distances in metres on a local plane around the first vertex, as
 * ingestion measures them.
 */
export const VIEWER_PATH_TOLERANCE_METRES = 0.1;

const METRES_PER_DEGREE = 111_320;

export function viewerPath(
  coordinates: readonly (readonly number[])[] | null | undefined,
): (readonly number[])[] | null {
  if (!Array.isArray(coordinates) || coordinates.length === 0) return null;
  if (coordinates.length <= 2) return coordinates;
  const [lon0 = 0, lat0 = 0] = coordinates[0] ?? [];
  const cosLat = Math.cos((lat0 * Math.PI) / 180);
  const plane = new Float64Array(coordinates.length * 2);
  for (let i = 0; i < coordinates.length; i++) {
    const [lon = 0, lat = 0] = coordinates[i] ?? [];
    plane[i * 2] = (lon - lon0) * METRES_PER_DEGREE * cosLat;
    plane[i * 2 + 1] = (lat - lat0) * METRES_PER_DEGREE;
  }
  const keep = douglasPeuckerKeep(plane, VIEWER_PATH_TOLERANCE_METRES);
  return coordinates.filter((_, i) => keep[i] === 1);
}
