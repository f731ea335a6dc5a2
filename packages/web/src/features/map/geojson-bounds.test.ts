import { describe, expect, it } from 'vitest';
import { geojsonBounds } from './geojson-bounds.ts';

describe('geojsonBounds', () => {
  it("gives the map's south-west and north-east corners, or null without coordinates", () => {
    const line = {
      type: 'LineString',
      coordinates: [
        [11, 49],
        [-2, 51.5],
      ],
    };
    expect(geojsonBounds(line)).toEqual([
      [-2, 49],
      [11, 51.5],
    ]);
    expect(geojsonBounds({ type: 'FeatureCollection', features: [] })).toBeNull();
  });
});
