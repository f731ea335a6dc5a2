import { emptyHelmert } from '@asset-portal/shared';
import { describe, expect, it } from 'vitest';
import { ecefToGeodetic, geodeticToEcef } from '../geodesy/geodesy.ts';
import { GeoidGrid } from './geoid-grid.ts';
import { helmertAtEpoch, helmertTransform, ITRF2008_TO_NAD83_CSRS } from './helmert.ts';
import {
  buildTransform,
  decimalYear,
  TransformError,
  wgs84UtmProj4,
} from './transform-pipeline.ts';

const UTM10 = wgs84UtmProj4('10N');
const LONGLAT = '+proj=longlat +datum=WGS84 +no_defs';
const GRS80_LONGLAT = '+proj=longlat +ellps=GRS80 +no_defs';
const GRS80_F = 1 / 298.257222101;
const GRS80 = { a: 6378137, es: GRS80_F * (2 - GRS80_F) };

// Flat geoid of −22.5 m over Oregon.
const flatGeoid = new GeoidGrid('flat.gtx', {
  south: 43,
  west: -124,
  latStep: 1,
  lonStep: 1,
  rows: 3,
  cols: 3,
  values: new Float32Array(9).fill(-22.5),
});

describe('coordinate transform pipeline', () => {
  it('writes the WGS84 / UTM proj4 text of a zone', () => {
    expect(wgs84UtmProj4('10N')).toBe('+proj=utm +zone=10 +datum=WGS84 +units=m +no_defs');
    expect(wgs84UtmProj4('54s')).toBe('+proj=utm +zone=54 +south +datum=WGS84 +units=m +no_defs');
    expect(() => wgs84UtmProj4('10X')).toThrow("'10X' is not a UTM zone such as 10N");
  });

  it('turns dates into decimal years (UTC)', () => {
    expect(decimalYear(new Date('2010-01-01T00:00:00Z'))).toBe(2010);
    expect(decimalYear(new Date('2024-07-02T00:00:00Z'))).toBeCloseTo(2024 + 183 / 366, 12);
    expect(decimalYear(new Date('2023-07-02T12:00:00Z'))).toBeCloseTo(2023 + 182.5 / 365, 12);
  });

  it('is the identity from a CRS to itself', () => {
    const same = buildTransform({ sourceCrs: UTM10, targetProjection: UTM10 });
    const [x, y, z] = same(493_000, 4_877_000, 120);
    expect(x).toBeCloseTo(493_000, 6);
    expect(y).toBeCloseTo(4_877_000, 6);
    expect(z).toBe(120);
  });

  it('unprojects UTM 10N: the central meridian 123°W at the false easting', () => {
    const toLonLat = buildTransform({ sourceCrs: UTM10, targetProjection: LONGLAT });
    const [lon, lat] = toLonLat(500_000, 4_877_000, 0);
    expect(lon).toBeCloseTo(-123, 10);
    expect(lat).toBeGreaterThan(44);
    expect(lat).toBeLessThan(44.1);
  });

  it('applies the Helmert in ECEF at the epoch, then the target ellipsoid', () => {
    const transform = buildTransform({
      sourceCrs: LONGLAT,
      targetProjection: GRS80_LONGLAT,
      helmert: ITRF2008_TO_NAD83_CSRS,
      epoch: 2024.5,
    });
    const [lon, lat, h] = transform(-123.1, 44.05, 110);
    const ecef = geodeticToEcef({ latitude: 44.05, longitude: -123.1, height: 110 });
    const shifted = helmertTransform(helmertAtEpoch(ITRF2008_TO_NAD83_CSRS, 2024.5))(
      ecef.x,
      ecef.y,
      ecef.z,
    );
    const expected = ecefToGeodetic({ x: shifted[0], y: shifted[1], z: shifted[2] }, GRS80);
    expect(lon).toBeCloseTo(expected.longitude, 11);
    expect(lat).toBeCloseTo(expected.latitude, 11);
    expect(h).toBeCloseTo(expected.height, 6);
  });

  it('subtracts the geoid undulation from the ellipsoidal height', () => {
    const transform = buildTransform({
      sourceCrs: UTM10,
      targetProjection: UTM10,
      geoid: flatGeoid,
    });
    expect(transform(493_000, 4_877_000, 110)[2]).toBeCloseTo(132.5, 6);
    expect(() => transform(493_000, 5_500_000, 110)).toThrow(
      'The geoid grid flat.gtx does not cover latitude 49.6',
    );
  });

  it('transforms coordinate arrays in place like single points', () => {
    const transform = buildTransform({
      sourceCrs: UTM10,
      targetProjection:
        '+proj=lcc +lat_1=43 +lat_2=45.5 +lat_0=41.75 +lon_0=-120.5 +x_0=400000 +ellps=GRS80 +units=ft',
      helmert: ITRF2008_TO_NAD83_CSRS,
      epoch: 2020,
      geoid: flatGeoid,
    });
    const xs = Float64Array.from([480_000, 500_000]);
    const ys = Float64Array.from([4_865_000, 4_885_000]);
    const zs = Float64Array.from([100, 200]);
    const first = transform(480_000, 4_865_000, 100);
    transform.arrays(xs, ys, zs);
    expect([xs[0], ys[0], zs[0]]).toEqual(first);
    expect(() => transform.arrays(xs, ys, new Float64Array(1))).toThrow(TransformError);
  });

  it('needs an epoch for time-dependent parameters and a valid proj4 text', () => {
    expect(() =>
      buildTransform({
        sourceCrs: UTM10,
        targetProjection: UTM10,
        helmert: ITRF2008_TO_NAD83_CSRS,
      }),
    ).toThrow("The Helmert parameters 'ITRF08 to NAD83(CSRS)' change with time");
    expect(() => buildTransform({ sourceCrs: UTM10, targetProjection: '+proj=nonsense' })).toThrow(
      "The projection is not a valid proj4 definition: '+proj=nonsense'",
    );
    // Empty parameters are no transform, epoch or not.
    expect(() =>
      buildTransform({ sourceCrs: UTM10, targetProjection: UTM10, helmert: emptyHelmert() }),
    ).not.toThrow();
  });
});
