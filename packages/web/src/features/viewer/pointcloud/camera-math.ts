/** Web-Mercator metres per pixel at zoom 0 on the equator (256-pixel tiles). */
const METRES_PER_PIXEL_AT_ZOOM_0 = 156_543.033_92;

/**
 * The orbit distance at which a perspective camera shows as much ground, vertically, as the map
 * shows at this zoom: a 3D view opened from the map starts at the same scale.
 */
export function orbitDistanceForZoom(
  zoom: number,
  lat: number,
  viewHeightPixels: number,
  verticalFovDegrees: number,
): number {
  const metresPerPixel = (METRES_PER_PIXEL_AT_ZOOM_0 * Math.cos((lat * Math.PI) / 180)) / 2 ** zoom;
  const groundHeight = metresPerPixel * viewHeightPixels;
  return groundHeight / 2 / Math.tan((verticalFovDegrees * Math.PI) / 360);
}

/** An axis-aligned rectangle in cloud coordinates. */
export interface PlanBounds {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

/**
 * Whether a map position is near enough to the clouds for the 3D camera to follow it: inside
 * their bounds grown by half their size. Far away (e.g. the map's continental start view) the
 * camera stays on the clouds instead of looking at empty space.
 */
export function isNearClouds(bounds: PlanBounds, x: number, y: number): boolean {
  const marginX = (bounds.maxX - bounds.minX) / 2;
  const marginY = (bounds.maxY - bounds.minY) / 2;
  return (
    x >= bounds.minX - marginX &&
    x <= bounds.maxX + marginX &&
    y >= bounds.minY - marginY &&
    y <= bounds.maxY + marginY
  );
}

/** Whether two lon/lat positions are the same to about a centimetre (echoes are ignored). */
export function sameLonLat(
  a: { lon: number; lat: number },
  b: { lon: number; lat: number },
): boolean {
  return Math.abs(a.lon - b.lon) < 1e-7 && Math.abs(a.lat - b.lat) < 1e-7;
}
