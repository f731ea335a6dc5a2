/**
 * WGS84 conversions between Earth-centred Earth-fixed (ECEF) and geodetic coordinates, and
 * great-circle distances. Latitudes and longitudes in degrees, heights and ECEF in metres.
 */

/** WGS84 semi-major axis (m) and flattening. */
export const WGS84_A = 6378137.0;
export const WGS84_F = 1 / 298.257223563;
const E2 = WGS84_F * (2 - WGS84_F);
const B = WGS84_A * (1 - WGS84_F);
const EP2 = E2 / (1 - E2);

/** An ellipsoid by semi-major axis a (m) and first eccentricity squared es. */
export interface Ellipsoid {
  a: number;
  es: number;
}

export const WGS84_ELLIPSOID: Readonly<Ellipsoid> = Object.freeze({ a: WGS84_A, es: E2 });

/** The IUGG mean Earth radius R1 = (2a + b) / 3 of WGS84, in km. */
export const MEAN_EARTH_RADIUS_KM = 6371.0088;

const DEG = Math.PI / 180;

export interface Geodetic {
  latitude: number;
  longitude: number;
  /** Height above the WGS84 ellipsoid (m). */
  height: number;
}

export interface Ecef {
  x: number;
  y: number;
  z: number;
}

/** [longitude, latitude] in degrees, as in GeoJSON. */
export type LonLat = readonly [number, number] | readonly number[];

/**
 * ECEF → latitude, longitude, ellipsoidal height on WGS84 or the given ellipsoid (Bowring's start,
 * then iterated to < 1e-12 rad).
 */
export function ecefToGeodetic(
  { x, y, z }: Ecef,
  ellipsoid: Ellipsoid = WGS84_ELLIPSOID,
): Geodetic {
  const { a, es } = ellipsoid;
  const [b, ep2] = a === WGS84_A && es === E2 ? [B, EP2] : [a * Math.sqrt(1 - es), es / (1 - es)];
  const p = Math.hypot(x, y);
  const longitude = Math.atan2(y, x) / DEG;
  if (p < 1e-9) {
    // On the polar axis.
    const latitude = z >= 0 ? 90 : -90;
    return { latitude, longitude: 0, height: Math.abs(z) - b };
  }
  const theta = Math.atan2(z * a, p * b);
  let lat = Math.atan2(z + ep2 * b * Math.sin(theta) ** 3, p - es * a * Math.cos(theta) ** 3);
  let height = 0;
  for (let i = 0; i < 10; i++) {
    const sin = Math.sin(lat);
    const n = a / Math.sqrt(1 - es * sin * sin);
    height = p / Math.cos(lat) - n;
    const next = Math.atan2(z, p * (1 - (es * n) / (n + height)));
    const done = Math.abs(next - lat) < 1e-12;
    lat = next;
    if (done) break;
  }
  const sin = Math.sin(lat);
  const n = a / Math.sqrt(1 - es * sin * sin);
  // Near the poles cos(lat) → 0; this form of the height stays exact everywhere.
  height = p * Math.cos(lat) + z * sin - (a * a) / n;
  return { latitude: lat / DEG, longitude, height };
}

/** Latitude, longitude, ellipsoidal height on WGS84 (or the given ellipsoid) → ECEF. */
export function geodeticToEcef(
  { latitude, longitude, height }: Geodetic,
  { a, es }: Ellipsoid = WGS84_ELLIPSOID,
): Ecef {
  const lat = latitude * DEG;
  const lon = longitude * DEG;
  const sin = Math.sin(lat);
  const n = a / Math.sqrt(1 - es * sin * sin);
  return {
    x: (n + height) * Math.cos(lat) * Math.cos(lon),
    y: (n + height) * Math.cos(lat) * Math.sin(lon),
    z: (n * (1 - es) + height) * sin,
  };
}

/** Great-circle distance (haversine) on the mean-radius sphere, in km. */
export function greatCircleKm(from: LonLat, to: LonLat): number {
  const [lon1, lat1] = [from[0]! * DEG, from[1]! * DEG];
  const [lon2, lat2] = [to[0]! * DEG, to[1]! * DEG];
  const h =
    Math.sin((lat2 - lat1) / 2) ** 2 +
    Math.cos(lat1) * Math.cos(lat2) * Math.sin((lon2 - lon1) / 2) ** 2;
  return 2 * MEAN_EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** `to − from` in metres along east, north and up at `from` (positions a few km apart). */
export function enuDifference(
  from: Geodetic,
  to: Geodetic,
): [east: number, north: number, up: number] {
  const a = geodeticToEcef(from);
  const b = geodeticToEcef(to);
  const [dx, dy, dz] = [b.x - a.x, b.y - a.y, b.z - a.z];
  const phi = from.latitude * DEG;
  const lambda = from.longitude * DEG;
  const [sinPhi, cosPhi] = [Math.sin(phi), Math.cos(phi)];
  const [sinLambda, cosLambda] = [Math.sin(lambda), Math.cos(lambda)];
  return [
    -sinLambda * dx + cosLambda * dy,
    -sinPhi * cosLambda * dx - sinPhi * sinLambda * dy + cosPhi * dz,
    cosPhi * cosLambda * dx + cosPhi * sinLambda * dy + sinPhi * dz,
  ];
}

/** Straight-line (chord) distance between two positions in km: a GNSS baseline's length. */
export function baselineKm(a: Geodetic, b: Geodetic): number {
  const p = geodeticToEcef(a);
  const q = geodeticToEcef(b);
  return Math.hypot(q.x - p.x, q.y - p.y, q.z - p.z) / 1000;
}
