import { PROFILE_CORRIDOR_WIDTH, PROFILE_CORRIDOR_WIDTH_INVALID } from '@asset-portal/shared';

/** One point of an elevation profile: metres along the drawn line, its elevation and position. */
export interface ProfilePoint {
  distance: number;
  elevation: number;
  lon: number;
  lat: number;
}

export const CORRIDOR_WIDTH = PROFILE_CORRIDOR_WIDTH;
export const CORRIDOR_WIDTH_INVALID = PROFILE_CORRIDOR_WIDTH_INVALID;

/** Above this many points the chart shows an even selection; the CSV keeps them all. */
export const MAX_CHART_POINTS = 10_000;

/** The width typed in the corridor field, or the message saying why it cannot be used. */
export function parseCorridorWidth(text: string): { width: number } | { error: string } {
  const trimmed = text.trim();
  const width = trimmed === '' ? Number.NaN : Number(trimmed);
  if (!Number.isFinite(width) || width < CORRIDOR_WIDTH.min || width > CORRIDOR_WIDTH.max) {
    return { error: CORRIDOR_WIDTH_INVALID };
  }
  return { width };
}

/**
 * The points of the server's answer (`[[distance, elevation, lon, lat], ...]`); rows that are
 * not four finite numbers are left out rather than drawn at 0.
 */
export function parseProfilePoints(raw: unknown): ProfilePoint[] {
  if (!Array.isArray(raw)) return [];
  const points: ProfilePoint[] = [];
  for (const row of raw) {
    if (!Array.isArray(row) || row.length < 4) continue;
    const [distance, elevation, lon, lat] = row as unknown[];
    if (
      typeof distance === 'number' &&
      typeof elevation === 'number' &&
      typeof lon === 'number' &&
      typeof lat === 'number' &&
      Number.isFinite(distance) &&
      Number.isFinite(elevation) &&
      Number.isFinite(lon) &&
      Number.isFinite(lat)
    ) {
      points.push({ distance, elevation, lon, lat });
    }
  }
  return points;
}

/** At most `limit` points taken evenly through the list, first and last included. */
export function thinEvenly<T>(points: readonly T[], limit: number): T[] {
  if (points.length <= limit) return [...points];
  if (limit <= 1) return points.slice(0, Math.max(0, limit));
  const step = (points.length - 1) / (limit - 1);
  return Array.from({ length: limit }, (_, i) => points[Math.round(i * step)] as T);
}

/**
 * The elevations the chart's colours run between: the points' range, opened by half a metre
 * each way when every point has the same elevation (a gradient over no height has no stops).
 */
export function colourRange(
  range: { min: number; max: number } | null,
): { min: number; max: number } | null {
  if (!range || !Number.isFinite(range.min) || !Number.isFinite(range.max)) return null;
  return range.max > range.min ? range : { min: range.min - 0.5, max: range.max + 0.5 };
}

/** Lowest and highest elevation, or null for no points. */
export function elevationRange(
  points: readonly ProfilePoint[],
): { min: number; max: number } | null {
  if (points.length === 0) return null;
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  for (const point of points) {
    if (point.elevation < min) min = point.elevation;
    if (point.elevation > max) max = point.elevation;
  }
  return { min, max };
}

/** 'Distance 12.34 m · Elevation 1045.21 m', the hover readout. */
export function formatReadout(point: ProfilePoint): string {
  return `Distance ${point.distance.toFixed(2)} m · Elevation ${point.elevation.toFixed(2)} m`;
}
