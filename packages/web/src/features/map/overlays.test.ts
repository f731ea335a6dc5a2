import { describe, expect, it } from 'vitest';
import { finishedLine } from './map-modes.ts';
import { drawingCollection, OVERLAY_SOURCES, overlayData } from './overlays.ts';

describe('map overlays', () => {
  it('builds each overlay from the props and leaves absent ones empty', () => {
    const data = overlayData({
      annotations: {
        type: 'FeatureCollection',
        features: [
          {
            type: 'Feature',
            properties: { id: '1', selected: true },
            geometry: { type: 'Point', coordinates: [1, 2] },
          },
          {
            type: 'Feature',
            properties: { id: '2' },
            geometry: { type: 'Point', coordinates: [3, 4] },
          },
        ],
      },
      camera: { lon: 5, lat: 6 },
      profileLine: [[0, 0]],
    });
    expect(data[OVERLAY_SOURCES.annotations].features.map((f) => f.properties?.selected)).toEqual([
      true,
      false,
    ]);
    expect(data[OVERLAY_SOURCES.camera].features[0]?.geometry).toEqual({
      type: 'Point',
      coordinates: [5, 6],
    });
    // A one-vertex profile line is not a line yet.
    expect(data[OVERLAY_SOURCES.profileLine].features).toEqual([]);
    expect(data[OVERLAY_SOURCES.profileHover].features).toEqual([]);
  });

  it('draws the line being placed up to the pointer, with its vertices', () => {
    const drawing = drawingCollection(
      [
        [0, 0],
        [1, 1],
      ],
      [2, 2],
    );
    expect(drawing.features.map((f) => f.geometry.type)).toEqual(['LineString', 'Point', 'Point']);
    expect(drawing.features[0]?.geometry).toMatchObject({
      coordinates: [
        [0, 0],
        [1, 1],
        [2, 2],
      ],
    });
  });

  it('finishes a line without the repeated vertices of the double-click', () => {
    expect(
      finishedLine([
        [0, 0],
        [1, 1],
        [1, 1],
      ]),
    ).toEqual([
      [0, 0],
      [1, 1],
    ]);
    expect(
      finishedLine([
        [0, 0],
        [0, 0],
      ]),
    ).toBeNull();
  });
});
