import type { ImageRef, LineString } from '../../db/schema.ts';
import type { Camera } from '../../device-packages/manifest.ts';

/**
 * A package is never ingested over different stored data: a session or scan id that is stored
 * already must come back with the same content, or the package is refused whole
 * (`conflictError`). These compare one item of the package with the stored one.
 */

/** `2024-05-01T10:00:00Z`: the manifest's own form, milliseconds only when there are some. */
function isoUtc(date: Date): string {
  return date.toISOString().replace('.000Z', 'Z');
}

/** What the package says of a scan, in the form it would be stored in. */
export interface IncomingScan {
  id: string;
  capturedStart: string;
  capturedEnd: string;
  pointCount: number;
  cloudSize: number;
  /** SHA-256 of the point-cloud entry, hex. */
  cloudSha256: string;
  simplePath: LineString;
  length: number;
}

/** What is stored of a scan and of its point cloud. */
export interface StoredScan {
  capturedTimestamp: Date | null;
  endCapturedTimestamp: Date | null;
  simplePath: LineString | null;
  length: number | null;
  metadata: Record<string, unknown> | null;
  cloud: { size: number | null; parameters: Record<string, unknown> | null } | undefined;
}

const sameInstant = (text: string, stored: Date | null) =>
  stored !== null && Date.parse(text) === stored.getTime();

/**
 * The first difference between a scan of the package and the stored one, as `scan X: …`, or
 * null when they are the same. A point cloud stored without a hash (ingested before hashes were
 * kept) is compared by size and point count only.
 */
export function scanDifference(incoming: IncomingScan, stored: StoredScan): string | null {
  const differs = (what: string, here: unknown, there: unknown) =>
    `scan ${incoming.id}: ${what} ${here} here, ${there} stored`;
  if (!sameInstant(incoming.capturedStart, stored.capturedTimestamp)) {
    return differs('capture start', incoming.capturedStart, when(stored.capturedTimestamp));
  }
  if (!sameInstant(incoming.capturedEnd, stored.endCapturedTimestamp)) {
    return differs('capture end', incoming.capturedEnd, when(stored.endCapturedTimestamp));
  }
  const parameters = stored.cloud?.parameters ?? {};
  const storedPoints = parameters.points ?? stored.metadata?.point_count;
  if (storedPoints !== undefined && storedPoints !== incoming.pointCount) {
    return differs('point count', incoming.pointCount, storedPoints);
  }
  if (stored.cloud) {
    const size = stored.cloud.size === null ? null : Number(stored.cloud.size);
    if (size !== incoming.cloudSize) {
      return differs('point cloud size', `${incoming.cloudSize} bytes`, `${size ?? 'no'} bytes`);
    }
    const hash = parameters.sha256;
    if (typeof hash === 'string' && hash !== incoming.cloudSha256) {
      return `scan ${incoming.id}: the point cloud's content differs from the stored one`;
    }
  }
  if (stored.length !== incoming.length) {
    return differs('trajectory length', `${incoming.length} m`, `${stored.length ?? 'no'} m`);
  }
  if (
    JSON.stringify(stored.simplePath?.coordinates) !==
    JSON.stringify(incoming.simplePath.coordinates)
  ) {
    return `scan ${incoming.id}: the trajectory's path differs from the stored one`;
  }
  return null;
}

const when = (date: Date | null) => (date ? isoUtc(date) : 'none');

/** One frame of images as the package gives it and as it is stored. */
export interface FrameValues {
  gpsTime: number | null;
  x: number | null;
  y: number | null;
  z: number | null;
  lat: number;
  lon: number;
  images: Partial<Record<Camera, Pick<ImageRef, 'jpegRotation'>>>;
}

const FRAME_NUMBERS = [
  ['gpsTime', 'gps_time'],
  ['x', 'x'],
  ['y', 'y'],
  ['z', 'z'],
  ['lat', 'lat'],
  ['lon', 'lon'],
] as const;

/** The first difference between a frame of the package and the stored one, or null. */
export function frameDifference(
  where: string,
  incoming: FrameValues,
  stored: FrameValues,
): string | null {
  for (const [field, column] of FRAME_NUMBERS) {
    if (incoming[field] !== stored[field]) {
      return `${where}: ${column} ${incoming[field]} here, ${stored[field] ?? 'none'} stored`;
    }
  }
  const cameras = (frame: FrameValues) => Object.keys(frame.images).sort().join(', ') || 'none';
  if (cameras(incoming) !== cameras(stored)) {
    return `${where}: cameras ${cameras(incoming)} here, ${cameras(stored)} stored`;
  }
  for (const [camera, image] of Object.entries(incoming.images) as [Camera, ImageRef][]) {
    const rotation = stored.images[camera]?.jpegRotation;
    if (image.jpegRotation !== rotation) {
      return `${where}: ${camera} image rotation ${image.jpegRotation} here, ${rotation} stored`;
    }
  }
  return null;
}
