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
    expect(resolveSrs('epsg:4326')).toEqual({ text: 'EPSG:4326', epsg: 4326, geographic: true });
    expect(resolveSrs('+proj=utm +zone=33 +datum=WGS84')).toMatchObject({
      epsg: null,
      geographic: false,
    });
    expect(() => resolveSrs('EPSG:2994')).toThrow('is not an EPSG code known to proj4js');
    expect(() => resolveSrs('utm 33')).toThrow('neither an EPSG code nor a proj4 string');
  });
});
