import { LAYER_MESSAGES } from '@asset-portal/shared';
import { describe, expect, it } from 'vitest';
import { handleConversionMessage } from './worker-protocol.ts';

const text = (value: string) => new TextEncoder().encode(value);

describe('handleConversionMessage', () => {
  it('answers a conversion with its id and result', async () => {
    const geojson = JSON.stringify({
      type: 'FeatureCollection',
      features: [
        {
          type: 'Feature',
          properties: { a: 1 },
          geometry: { type: 'Point', coordinates: [8.123456789, 47.1] },
        },
      ],
    });
    const response = await handleConversionMessage({
      id: 7,
      name: 'p.geojson',
      bytes: text(geojson),
    });
    expect(response).toEqual({
      id: 7,
      ok: true,
      result: {
        kind: 'geojson',
        crs: 'EPSG:4326',
        styles: [],
        warnings: [],
        featureCollection: {
          type: 'FeatureCollection',
          features: [
            {
              type: 'Feature',
              properties: { a: 1 },
              geometry: { type: 'Point', coordinates: [8.1234568, 47.1] },
            },
          ],
        },
      },
    });
  });

  it('turns a conversion failure into an error answer instead of rejecting', async () => {
    const response = await handleConversionMessage({ id: 8, name: 'x.kmz', bytes: text('nope') });
    expect(response).toEqual({ id: 8, ok: false, error: LAYER_MESSAGES.invalidArchive });
  });

  it('passes options through (grid mode on a tiny file gives the size message)', async () => {
    const response = await handleConversionMessage({
      id: 9,
      name: 'a.tif',
      bytes: new Uint8Array(10),
      options: { geotiffMode: 'grid' },
    });
    expect(response).toEqual({ id: 9, ok: false, error: LAYER_MESSAGES.invalidGeoTiff });
  });
});
