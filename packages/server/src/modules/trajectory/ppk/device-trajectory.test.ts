import { describe, expect, it } from 'vitest';
import { interpolateTrajectory, parseTrajectoryCsv } from './device-trajectory.ts';

const CSV = `gps_time,lat,lon,ellipsoidal_height,roll,pitch,yaw
796780817.000,35.160000000,139.610000000,72.000,0.000,1.000,350.000
796780817.100,35.160001000,139.610002000,72.100,0.000,2.000,10.000
796780817.200,35.160002000,139.610004000,72.300,1.000,2.000,20.000
`;

describe('device trajectory', () => {
  it('parses trajectory.csv rows in GPS seconds', () => {
    const samples = parseTrajectoryCsv(CSV);
    expect(samples).toHaveLength(3);
    expect(samples[1]).toEqual({
      gpsSeconds: 796780817.1,
      lat: 35.160001,
      lon: 139.610002,
      height: 72.1,
      roll: 0,
      pitch: 2,
      yaw: 10,
    });
  });

  it('refuses a file without the columns or with a bad number', () => {
    expect(() => parseTrajectoryCsv('time,lat,lon\n1,2,3\n')).toThrow("no 'gps_time' column");
    expect(() => parseTrajectoryCsv(CSV.replace('72.100', 'x'))).toThrow(
      "trajectory.csv line 3: 'ellipsoidal_height' is not a number",
    );
  });

  // GPS seconds near 8e8 carry about 1e-7 s of double precision: comparisons to 1e-6 or coarser.
  it('interpolates linearly (yaw the short way round) and answers null outside', () => {
    const samples = parseTrajectoryCsv(CSV);
    const mid = interpolateTrajectory(samples, 796780817.05)!;
    expect(mid.lat).toBeCloseTo(35.1600005, 9);
    expect(mid.lon).toBeCloseTo(139.610001, 9);
    expect(mid.height).toBeCloseTo(72.05, 6);
    expect(mid.pitch).toBeCloseTo(1.5, 5);
    // 350° → 10° passes through north (0°/360°), not south
    expect(Math.min(mid.yaw, 360 - mid.yaw)).toBeLessThan(1e-4);
    const quarter = interpolateTrajectory(samples, 796780817.125)!;
    expect(quarter.height).toBeCloseTo(72.15, 6);
    expect(quarter.yaw).toBeCloseTo(12.5, 4);
    expect(interpolateTrajectory(samples, 796780817.2)!.height).toBeCloseTo(72.3, 6);
    expect(interpolateTrajectory(samples, 796780816.999)).toBeNull();
    expect(interpolateTrajectory(samples, 796780817.201)).toBeNull();
    expect(interpolateTrajectory([], 1)).toBeNull();
  });
});
