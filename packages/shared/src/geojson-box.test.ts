import { describe, expect, it } from 'vitest';
import { geojsonBox, geojsonNearest } from './geojson-box.ts';

const collection = (features: unknown[]) => ({ type: 'FeatureCollection', features });
const feature = (geometry: unknown) => ({ type: 'Feature', properties: {}, geometry });

describe('geojsonBox', () => {
  it('spans every coordinate of points, lines, polygons and collections', () => {
    const bounds = geojsonBox(
      collection([
        feature({ type: 'Point', coordinates: [10, 50] }),
        feature({
          type: 'LineString',
          coordinates: [
            [11, 49],
            [12, 51.5],
          ],
        }),
        feature({
          type: 'GeometryCollection',
          geometries: [
            {
              type: 'Polygon',
              coordinates: [
                [
                  [9.5, 50],
                  [10, 52],
                  [9.5, 50],
                ],
              ],
            },
          ],
        }),
      ]),
    );
    expect(bounds).toEqual([9.5, 49, 12, 52]);
  });

  it('is null without coordinates, and skips features without geometry', () => {
    expect(geojsonBox(collection([]))).toBeNull();
    expect(geojsonBox(collection([feature(null)]))).toBeNull();
    expect(
      geojsonBox(collection([feature(null), feature({ type: 'Point', coordinates: [1, 2] })])),
    ).toEqual([1, 2, 1, 2]);
  });

  it('reads a lone feature or a bare geometry, and ignores what is not GeoJSON', () => {
    expect(
      geojsonBox(
        feature({
          type: 'MultiPoint',
          coordinates: [
            [3, 4],
            [-1, 8],
          ],
        }),
      ),
    ).toEqual([-1, 4, 3, 8]);
    expect(geojsonBox({ type: 'Point', coordinates: [5, 6] })).toEqual([5, 6, 5, 6]);
    expect(geojsonBox({ type: 'Point', coordinates: ['5', 6] })).toBeNull();
    expect(geojsonBox({ type: 'Point', coordinates: [Number.NaN, 6] })).toBeNull();
    expect(geojsonBox('{"type":"Point"}')).toBeNull();
    expect(geojsonBox(null)).toBeNull();
  });
});

describe('geojsonNearest', () => {
  it('finds the coordinate nearest to a point, in any feature and at any depth', () => {
    const data = collection([
      feature({ type: 'Point', coordinates: [64, 31] }),
      feature({
        type: 'MultiLineString',
        coordinates: [
          [
            [70, 35],
            [66, 31.6],
          ],
        ],
      }),
      feature(null),
    ]);
    expect(geojsonNearest(data, [67, 33])).toEqual([66, 31.6]);
    expect(geojsonNearest(data, [63, 30])).toEqual([64, 31]);
  });

  it('measures east-west as on the ground: a degree of longitude is short near the pole', () => {
    // At 70° N a degree of longitude is 0.34 of a degree of latitude.
    const data = collection([
      feature({ type: 'Point', coordinates: [12, 70] }),
      feature({ type: 'Point', coordinates: [10, 71] }),
    ]);
    expect(geojsonNearest(data, [10, 70])).toEqual([12, 70]);
  });

  it('is null without coordinates', () => {
    expect(geojsonNearest(collection([]), [0, 0])).toBeNull();
    expect(geojsonNearest('not GeoJSON', [0, 0])).toBeNull();
  });
});
