import { describe, expect, it } from 'vitest';
import { cropStage, parseBounds, parseWktPolygons } from './crop.ts';
import { optionErrors, pointsOf, runStage, syntheticChunk } from './synthetic-points.ts';

const line = [
  { x: 0, y: 0, z: 0 },
  { x: 1, y: 1, z: 1 },
  { x: 2, y: 2, z: 2 },
  { x: 3, y: 3, z: 3 },
  { x: 5, y: 5, z: 10 },
];
const xs = (options: Record<string, unknown>, points = line) =>
  pointsOf(runStage(cropStage, options, [syntheticChunk(points)])).map((p) => p.x);

const square = [
  { x: 0.5, y: 0.5, z: 0 },
  { x: 2, y: 2, z: 0 },
  { x: 3.5, y: 3.5, z: 0 },
  { x: 5, y: 5, z: 0 },
  { x: 10.5, y: 10.5, z: 0 },
];
const WITH_HOLE =
  'POLYGON ((0 0, 4 0, 4 4, 0 4, 0 0), (1.5 1.5, 2.5 1.5, 2.5 2.5, 1.5 2.5, 1.5 1.5))';

describe('filters.crop', () => {
  it('keeps points inside 2D bounds, edges included', () => {
    expect(xs({ bounds: '([1, 3], [1, 3])' })).toEqual([1, 2, 3]);
  });

  it('keeps points inside 3D bounds', () => {
    expect(xs({ bounds: '([0, 5], [0, 5], [0, 2])' })).toEqual([0, 1, 2]);
  });

  it('keeps the points outside with outside: true', () => {
    expect(xs({ bounds: '([1, 3], [1, 3])', outside: true })).toEqual([0, 5]);
  });

  it('crops by a WKT polygon with a hole', () => {
    expect(xs({ polygon: WITH_HOLE }, square)).toEqual([0.5, 3.5]);
  });

  it('crops by GeoJSON (object, text, Feature) and by a MultiPolygon', () => {
    const polygon = {
      type: 'Polygon',
      coordinates: [
        [
          [0, 0],
          [4, 0],
          [4, 4],
          [0, 4],
          [0, 0],
        ],
        [
          [1.5, 1.5],
          [2.5, 1.5],
          [2.5, 2.5],
          [1.5, 2.5],
          [1.5, 1.5],
        ],
      ],
    };
    expect(xs({ polygon }, square)).toEqual([0.5, 3.5]);
    expect(xs({ polygon: JSON.stringify(polygon) }, square)).toEqual([0.5, 3.5]);
    expect(xs({ polygon: { type: 'Feature', properties: {}, geometry: polygon } }, square)).toEqual(
      [0.5, 3.5],
    );
    const multi =
      'MULTIPOLYGON (((0 0, 1 0, 1 1, 0 1, 0 0)), ((10 10, 11 10, 11 11, 10 11, 10 10)))';
    expect(xs({ polygon: multi }, square)).toEqual([0.5, 10.5]);
  });

  it('parses bounds and WKT strictly', () => {
    expect(parseBounds('([1.5, 2], [-3, 4e2])')).toEqual({
      minx: 1.5,
      maxx: 2,
      miny: -3,
      maxy: 400,
      minz: Number.NEGATIVE_INFINITY,
      maxz: Number.POSITIVE_INFINITY,
    });
    expect(() => parseBounds('[1, 2, 3, 4]')).toThrow(/is not PDAL bounds like/);
    expect(parseWktPolygons(WITH_HOLE)[0]).toHaveLength(2);
    expect(() => parseWktPolygons('POINT (1 2)')).toThrow('is not a WKT POLYGON or MULTIPOLYGON');
    expect(() => parseWktPolygons('POLYGON ((0 0, 1 1))')).toThrow(
      'a ring needs at least 3 points',
    );
  });

  it('needs exactly one of bounds and polygon', () => {
    expect(optionErrors(cropStage, {})).toEqual([
      'stage 1 (filters.crop): option "bounds" or "polygon" is required (exactly one of them)',
    ]);
    expect(
      optionErrors(cropStage, { bounds: '([0, 1], [0, 1])', polygon: WITH_HOLE }),
    ).toHaveLength(1);
    expect(optionErrors(cropStage, { bounds: ['([0, 1], [0, 1])'] })).toEqual([
      'stage 1 (filters.crop): option "bounds" must be one bounds string',
    ]);
  });
});
