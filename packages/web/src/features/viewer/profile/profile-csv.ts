import type { ProfilePoint } from './profile-model.ts';

// Both in metres: the server converts a cloud in feet (elevation-profile.ts).
export const PROFILE_CSV_HEADER = ['distance_m', 'elevation_m', 'lon', 'lat'] as const;

// Millimetres for distance and elevation; 8 decimals of a degree are about a millimetre too.
const METRE_DECIMALS = 3;
const DEGREE_DECIMALS = 8;

/**
 * The profile as CSV (RFC 4180: comma separated, CRLF line ends, a header row), one row per
 * point in the order given, which is by distance along the line.
 */
export function buildProfileCsv(points: readonly ProfilePoint[]): string {
  const rows = [PROFILE_CSV_HEADER.join(',')];
  for (const point of points) {
    rows.push(
      [
        point.distance.toFixed(METRE_DECIMALS),
        point.elevation.toFixed(METRE_DECIMALS),
        point.lon.toFixed(DEGREE_DECIMALS),
        point.lat.toFixed(DEGREE_DECIMALS),
      ].join(','),
    );
  }
  return `${rows.join('\r\n')}\r\n`;
}

/** 'elevation-profile-2026-11-22T10-15-00Z.csv': sortable and safe on every file system. */
export function profileFileName(at: Date): string {
  const stamp = at
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replaceAll(':', '-');
  return `elevation-profile-${stamp}.csv`;
}

/** Hands the CSV to the browser as a file download. */
export function downloadProfileCsv(points: readonly ProfilePoint[], at = new Date()): void {
  const blob = new Blob([buildProfileCsv(points)], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = profileFileName(at);
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next turn so the click has started the download.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
