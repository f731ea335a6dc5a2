import { describe, expect, it } from 'vitest';
import { buildProfileCsv, PROFILE_CSV_HEADER, profileFileName } from './profile-csv.ts';

describe('profile CSV', () => {
  it('has the header distance_m, elevation, lon, lat and one CRLF row per point in order', () => {
    const csv = buildProfileCsv([
      { distance: 0, elevation: 120.4567, lon: -123.0712345678, lat: 44.05 },
      { distance: 12.3456, elevation: -3.2, lon: -123.07, lat: 44.0501234567 },
    ]);
    expect(csv).toBe(
      'distance_m,elevation_m,lon,lat\r\n' +
        '0.000,120.457,-123.07123457,44.05000000\r\n' +
        '12.346,-3.200,-123.07000000,44.05012346\r\n',
    );
    expect(PROFILE_CSV_HEADER).toEqual(['distance_m', 'elevation_m', 'lon', 'lat']);
  });

  it('is only the header for an empty profile', () => {
    expect(buildProfileCsv([])).toBe('distance_m,elevation_m,lon,lat\r\n');
  });

  it('keeps every point, also beyond what the chart shows', () => {
    const points = Array.from({ length: 30_000 }, (_, i) => ({
      distance: i / 10,
      elevation: 100,
      lon: -123,
      lat: 44,
    }));
    expect(buildProfileCsv(points).split('\r\n')).toHaveLength(30_002);
  });

  it('names the file by the UTC time it was made, without characters file systems refuse', () => {
    expect(profileFileName(new Date('2026-11-22T10:15:07.123Z'))).toBe(
      'elevation-profile-2026-11-22T10-15-07Z.csv',
    );
  });
});
