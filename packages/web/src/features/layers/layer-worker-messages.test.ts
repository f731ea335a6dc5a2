import { handleConversionMessage } from '@asset-portal/layer-formats';
import { LAYER_MESSAGES, LAYER_SOURCE_MAX_BYTES } from '@asset-portal/shared';
import { describe, expect, it } from 'vitest';
import { toWorkerAnswer } from './layer-worker-messages.ts';

const SWITZERLAND_ISH = JSON.stringify({
  type: 'FeatureCollection',
  features: [
    {
      type: 'Feature',
      properties: { name: 'Zürich' },
      geometry: { type: 'Point', coordinates: [8.54, 47.37] },
    },
    {
      type: 'Feature',
      properties: {},
      geometry: {
        type: 'Polygon',
        coordinates: [
          [
            [6, 46],
            [10, 46],
            [10, 47.8],
            [6, 46],
          ],
        ],
      },
    },
  ],
});

const convert = (name: string, bytes: Uint8Array) =>
  handleConversionMessage({ id: 7, name, bytes }).then(toWorkerAnswer);

describe("the worker's answer to the page", () => {
  it('carries the source as GeoJSON text, encoded as a JSON literal, with its count and size', async () => {
    const answer = await convert('swiss.geojson', new TextEncoder().encode(SWITZERLAND_ISH));
    if (!answer.ok) throw new Error(answer.error);
    expect(answer.id).toBe(7);
    const text = JSON.parse(new TextDecoder().decode(answer.layer.sourceJson)) as string;
    expect(typeof text).toBe('string');
    const source = JSON.parse(text);
    expect(source.type).toBe('FeatureCollection');
    expect(source.features).toHaveLength(2);
    expect(answer.layer.featureCount).toBe(2);
    // Bytes, not characters: 'ü' takes two.
    expect(answer.layer.sourceBytes).toBe(new TextEncoder().encode(text).length);
    expect(answer.layer.sourceBytes).toBeGreaterThan(text.length);
    expect(answer.layer.kind).toBe('geojson');
  });

  it('passes the converter’s message on', async () => {
    const answer = await convert('bad.json', new TextEncoder().encode('{"type":"Feature"}'));
    expect(answer).toEqual({ id: 7, ok: false, error: LAYER_MESSAGES.notFeatureCollection });
  });

  it('refuses a source above the size limit with the size in the message', () => {
    const big = 'x'.repeat(LAYER_SOURCE_MAX_BYTES);
    const answer = toWorkerAnswer({
      id: 3,
      ok: true,
      result: {
        kind: 'geojson',
        featureCollection: {
          type: 'FeatureCollection',
          features: [
            {
              type: 'Feature',
              properties: { big },
              geometry: { type: 'Point', coordinates: [0, 0] },
            },
          ],
        },
        styles: [],
        warnings: [],
        crs: 'EPSG:4326',
      },
    });
    expect(answer.ok).toBe(false);
    if (answer.ok) return;
    expect(answer.error).toBe('The layer is 16.1 MB after conversion; the limit is 16 MB');
  });
});
