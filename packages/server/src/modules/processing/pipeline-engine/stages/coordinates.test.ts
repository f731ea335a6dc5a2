import proj4 from 'proj4';
import { describe, expect, it } from 'vitest';
import { reprojectionStage, resolveSrs } from './reprojection.ts';
import { pointsOf, runStage, syntheticChunk } from './synthetic-points.ts';
import { parseMatrix, transformationStage } from './transformation.ts';

describe('filters.transformation', () => {
  it('applies a row-major 4×4 matrix', () => {
    const matrix = '2 0 0 10  0 1 0 20  0 0 1 30  0 0 0 1';
    const out = runStage(transformationStage, { matrix }, [syntheticChunk([{ x: 1, y: 2, z: 3 }])]);
    expect(pointsOf(out)).toEqual([{ x: 12, y: 22, z: 33 }]);
  });

  it('divides by the homogeneous w', () => {
    const matrix = '1 0 0 0 0 1 0 0 0 0 1 0 0 0 0 2';
    const out = runStage(transformationStage, { matrix }, [syntheticChunk([{ x: 2, y: 4, z: 6 }])]);
    expect(pointsOf(out)).toEqual([{ x: 1, y: 2, z: 3 }]);
  });

  it('needs 16 numbers', () => {
    expect(() => parseMatrix('1 0 0 1')).toThrow('must hold 16 numbers');
  });
});

describe('filters.reprojection', () => {
  it('moves WGS84 longitude/latitude to UTM 10N, height unchanged', () => {
    const out = runStage(reprojectionStage, { in_srs: 'EPSG:4326', out_srs: 'EPSG:32610' }, [
      syntheticChunk([{ x: -123, y: 44, z: 100 }]),
    ]);
    const [p] = pointsOf(out);
    expect(p!.x).toBeCloseTo(500000, 6);
    expect(p!.y).toBeCloseTo(4871872.8408, 3);
    expect(p!.z).toBe(100);
  });

  it("uses the scan's CRS when in_srs is absent, and needs one", () => {
    const chunk = () => [syntheticChunk([{ x: 500000, y: 4871872.840767046, z: 1 }])];
    const out = runStage(
      reprojectionStage,
      { out_srs: 'EPSG:4326' },
      chunk(),
      '+proj=utm +zone=10 +datum=WGS84',
    );
    expect(pointsOf(out)[0]!.x).toBeCloseTo(-123, 9);
    expect(() => runStage(reprojectionStage, { out_srs: 'EPSG:4326' }, chunk())).toThrow(
      'the scan has no coordinate system: give "in_srs"',
    );
  });

  it('resolves EPSG codes and proj4 strings', () => {
    expect(resolveSrs('epsg:4326')).toEqual({
      text: 'EPSG:4326',
      definition: '+proj=longlat +datum=WGS84 +no_defs',
      epsg: 4326,
      geographic: true,
    });
    // Codes proj4js does not know by itself come from the portal's table (shared epsg.ts).
    expect(resolveSrs('EPSG:26910')).toEqual({
      text: 'EPSG:26910',
      definition: '+proj=utm +zone=10 +datum=NAD83 +units=m +no_defs',
      epsg: 26910,
      geographic: false,
    });
    expect(resolveSrs('+proj=utm +zone=33 +datum=WGS84')).toMatchObject({
      definition: '+proj=utm +zone=33 +datum=WGS84',
      epsg: null,
      geographic: false,
    });
    expect(() => resolveSrs('EPSG:2994')).toThrow('is not an EPSG code the portal knows');
    expect(() => resolveSrs('utm 33')).toThrow('neither an EPSG code nor a proj4 string');
  });
});

describe('filters.reprojection through lib/transform', () => {
  const SEVEN = '+proj=longlat +ellps=GRS80 +towgs84=1.2,-0.8,0.5,0.02,-0.01,0.03,1.5 +no_defs';
  const SPHERE_MERC = 'EPSG:3857';

  it('applies +towgs84 (7 parameters) as proj4js and cs2cs do, heights kept', () => {
    const input = { x: -123.07, y: 44.05, z: 150 };
    const out = runStage(reprojectionStage, { in_srs: SEVEN, out_srs: 'EPSG:32610' }, [
      syntheticChunk([input]),
    ]);
    const reference = proj4(SEVEN, 'EPSG:32610').forward({ ...input });
    const [p] = pointsOf(out);
    expect(Math.abs(p!.x - reference.x)).toBeLessThan(1e-4);
    expect(Math.abs(p!.y - reference.y)).toBeLessThan(1e-4);
    expect(p!.z).toBe(150);
    // The shift is real: about a metre and a half.
    const plain = proj4('EPSG:4326', 'EPSG:32610').forward({ x: input.x, y: input.y });
    expect(Math.hypot(p!.x - plain.x, p!.y - plain.y)).toBeGreaterThan(0.5);
  });

  it('keeps geodetic coordinates onto a CRS without a datum (web mercator)', () => {
    const out = runStage(reprojectionStage, { in_srs: 'EPSG:4326', out_srs: SPHERE_MERC }, [
      syntheticChunk([{ x: -123, y: 44, z: 7 }]),
    ]);
    const reference = proj4('EPSG:4326', SPHERE_MERC).forward({ x: -123, y: 44 });
    const [p] = pointsOf(out);
    expect(p!.x).toBeCloseTo(reference.x, 6);
    expect(p!.y).toBeCloseTo(reference.y, 6);
    expect(p!.z).toBe(7);
  });

  it('reprojects between EPSG codes proj4js does not know by itself (NAD83 / UTM 10N → 11N)', () => {
    const input = { x: 492_000, y: 4_877_000, z: 130 };
    const out = runStage(reprojectionStage, { in_srs: 'EPSG:26910', out_srs: 'EPSG:26911' }, [
      syntheticChunk([input]),
    ]);
    // `cs2cs EPSG:26910 EPSG:26911` of the same point (PROJ 9.1.1): 11297.275 4895116.274.
    const [p] = pointsOf(out);
    expect(p!.x).toBeCloseTo(11_297.275, 2);
    expect(p!.y).toBeCloseTo(4_895_116.274, 2);
    expect(p!.z).toBe(130);
    // A scan recorded in such a code (an imported NAD83 cloud) is the default in_srs.
    const fromScan = runStage(
      reprojectionStage,
      { out_srs: 'EPSG:26911' },
      [syntheticChunk([input])],
      'EPSG:26910',
    );
    expect(pointsOf(fromScan)[0]).toEqual(p);
  });

  it('refuses a grid shift it cannot apply', () => {
    expect(() =>
      runStage(
        reprojectionStage,
        { in_srs: '+proj=longlat +ellps=clrk66 +nadgrids=conus +no_defs', out_srs: 'EPSG:4326' },
        [syntheticChunk([{ x: -123, y: 44, z: 0 }])],
      ),
    ).toThrow('needs a datum grid shift (+nadgrids), which is not supported');
  });
});
