import { describe, expect, it } from 'vitest';
import { geojsonBounds } from './geojson-bounds.ts';

const collection = (features: unknown[]) => ({ type: 'FeatureCollection', features });
const feature = (geometry: unknown) => ({ type: 'Feature', properties: {}, geometry });

describe('geojsonBounds', () => {
  it('spans every coordinate of points, lines, polygons and collections', () => {
    const bounds = geojsonBounds(
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
    expect(bounds).toEqual([
      [9.5, 49],
      [12, 52],
    ]);
  });

  it('is null without coordinates, and skips features without geometry', () => {
    expect(geojsonBounds(collection([]))).toBeNull();
    expect(geojsonBounds(collection([feature(null)]))).toBeNull();
    expect(
      geojsonBounds(collection([feature(null), feature({ type: 'Point', coordinates: [1, 2] })])),
    ).toEqual([
      [1, 2],
      [1, 2],
    ]);
  });

  it('reads a lone feature or a bare geometry, and ignores what is not GeoJSON', () => {
    expect(
      geojsonBounds(
        feature({
          type: 'MultiPoint',
          coordinates: [
            [3, 4],
            [-1, 8],
          ],
        }),
      ),
    ).toEqual([
      [-1, 4],
      [3, 8],
    ]);
    expect(geojsonBounds({ type: 'Point', coordinates: [5, 6] })).toEqual([
      [5, 6],
      [5, 6],
    ]);
    expect(geojsonBounds({ type: 'Point', coordinates: ['5', 6] })).toBeNull();
    expect(geojsonBounds({ type: 'Point', coordinates: [Number.NaN, 6] })).toBeNull();
    expect(geojsonBounds('{"type":"Point"}')).toBeNull();
    expect(geojsonBounds(null)).toBeNull();
  });
});
