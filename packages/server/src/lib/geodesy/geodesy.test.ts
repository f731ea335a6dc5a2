import { describe, expect, it } from 'vitest';
import { ecefToGeodetic, geodeticToEcef, greatCircleKm } from './geodesy.ts';

// GSI GEONET 3040 and 0759, APPROX POSITION XYZ of the fixtures in shared/fixtures/gnss.
const BASE_3040 = { x: -3978242.4348, y: 3382841.1715, z: 3649902.7667 };
const ROVER_0759 = { x: -3976219.5082, y: 3382372.5671, z: 3652512.9849 };

describe('ecefToGeodetic', () => {
  it('gives the position RTKLIB was given for base 3040 (README: 35.132066140 139.624302130 75.8027)', () => {
    const geodetic = ecefToGeodetic(BASE_3040);
    expect(geodetic.latitude).toBeCloseTo(35.13206614, 9);
    expect(geodetic.longitude).toBeCloseTo(139.62430213, 9);
    expect(geodetic.height).toBeCloseTo(75.8027, 4);
  });

  it('handles the equator, the prime meridian and the poles', () => {
    expect(ecefToGeodetic({ x: 6378137, y: 0, z: 0 })).toEqual({
      latitude: 0,
      longitude: 0,
      height: 0,
    });
    const north = ecefToGeodetic({ x: 0, y: 0, z: 6356752.314245179 + 10 });
    expect(north.latitude).toBe(90);
    expect(north.height).toBeCloseTo(10, 6);
    const south = ecefToGeodetic({ x: 0, y: 0, z: -6356752.314245179 });
    expect(south.latitude).toBe(-90);
    expect(south.height).toBeCloseTo(0, 6);
    expect(ecefToGeodetic({ x: 0, y: -6378137, z: 0 }).longitude).toBeCloseTo(-90, 12);
  });
});

describe('geodeticToEcef', () => {
  it('is the inverse of ecefToGeodetic to a tenth of a millimetre', () => {
    for (const ecef of [
      BASE_3040,
      ROVER_0759,
      { x: 4199885.7119, y: 164693.9085, z: 4781345.1225 },
    ]) {
      const back = geodeticToEcef(ecefToGeodetic(ecef));
      expect(back.x).toBeCloseTo(ecef.x, 4);
      expect(back.y).toBeCloseTo(ecef.y, 4);
      expect(back.z).toBeCloseTo(ecef.z, 4);
    }
  });

  it('puts a point on the equator at the semi-major axis', () => {
    const ecef = geodeticToEcef({ latitude: 0, longitude: 90, height: 100 });
    expect(ecef.x).toBeCloseTo(0, 6);
    expect(ecef.y).toBeCloseTo(6378237, 6);
    expect(ecef.z).toBeCloseTo(0, 6);
  });
});

describe('greatCircleKm', () => {
  it('measures the 3040–0759 baseline (about 3.34 km)', () => {
    const base = ecefToGeodetic(BASE_3040);
    const rover = ecefToGeodetic(ROVER_0759);
    const km = greatCircleKm([base.longitude, base.latitude], [rover.longitude, rover.latitude]);
    // README: the ENU baseline (E −953.336 m, N +3196.236 m) is 3.335 km on the ellipsoid; the
    // mean-radius sphere makes it 3.342 km at this latitude.
    expect(km).toBeCloseTo(3.3417, 4);
  });

  it('gives a quarter meridian and zero on the mean radius sphere', () => {
    expect(greatCircleKm([0, 0], [0, 90])).toBeCloseTo((Math.PI / 2) * 6371.0088, 9);
    expect(greatCircleKm([10, 20], [10, 20])).toBe(0);
    // Paris – London, the usual check value (about 343.9 km on this sphere).
    expect(greatCircleKm([2.3522, 48.8566], [-0.1276, 51.5072])).toBeCloseTo(343.56, 0);
  });
});
