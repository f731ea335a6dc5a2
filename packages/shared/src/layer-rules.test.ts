import { describe, expect, it } from 'vitest';
import { LAYER_SOURCE_MAX_BYTES } from './constants.ts';
import {
  checkLayerSource,
  layerFileKind,
  utf8ByteLength,
  validateFeatureCollection,
  validateGroupName,
  validateLayerFile,
  validateLayerName,
  validateLayerSource,
  validateLayerSourceSize,
  validateLayerStyles,
} from './layer-rules.ts';
import { GROUP_DELETED, LAYER_CREATED } from './messages.ts';

describe('layer rules', () => {
  it('checks names', () => {
    expect(validateLayerName('')).toBe('This field is required');
    expect(validateLayerName('ROW_2024-a b')).toBeNull();
    expect(validateLayerName('ab')).not.toBeNull();
    expect(validateLayerName('x'.repeat(51))).not.toBeNull();
    expect(validateLayerName('bad/name')).not.toBeNull();
  });

  it('recognises file kinds', () => {
    expect(layerFileKind('a.GeoJSON')).toBe('geojson');
    expect(layerFileKind('a.kmz')).toBe('kmz');
    expect(layerFileKind('a.zip')).toBe('shapefile');
    expect(layerFileKind('dem.tiff')).toBe('geotiff');
    expect(layerFileKind('a.csv')).toBeNull();
    expect(validateLayerFile({ name: 'a.csv', size: 10 })).toBe(
      'File must be GeoJSON, KML, KMZ, Shapefile ZIP, or GeoTIFF format',
    );
    expect(validateLayerFile({ name: 'dem.tif', size: 999 })).toBe('Invalid GeoTIFF file');
    expect(validateLayerFile({ name: 'dem.tif', size: 1000 })).toBeNull();
  });

  it('refuses GeoJSON nested deeper than 64 levels, however deep (no recursion)', () => {
    const nested = (levels: number) => {
      let value: unknown = 1;
      for (let i = 0; i < levels; i++) value = { a: value };
      return value;
    };
    const feature = (properties: unknown) => ({
      type: 'FeatureCollection',
      features: [{ type: 'Feature', properties, geometry: { type: 'Point', coordinates: [1, 2] } }],
    });
    // The collection, its features array and a feature take 3 levels.
    expect(validateFeatureCollection(feature(nested(61)))).toBeNull();
    expect(validateFeatureCollection(feature(nested(62)))).toBe(
      'Invalid GeoJSON: the data is nested deeper than 64 levels',
    );
    expect(validateFeatureCollection(feature(nested(100_000)))).toBe(
      'Invalid GeoJSON: the data is nested deeper than 64 levels',
    );
  });

  it('checks GeoJSON and styles', () => {
    expect(validateFeatureCollection({ type: 'FeatureCollection', features: [] })).toBeNull();
    expect(validateFeatureCollection({ type: 'Feature' })).toBe(
      'Invalid GeoJSON: Must be a FeatureCollection',
    );
    expect(validateFeatureCollection({ type: 'FeatureCollection', features: {} })).toBe(
      'Invalid GeoJSON: Features must be an array',
    );
    expect(validateLayerStyles('[{"type":"fill"}]')).toBeNull();
    expect(validateLayerStyles('[{"type":"fill","source":"x"}]')).not.toBeNull();
    expect(validateLayerStyles('')).toBeNull();
  });

  it('rejects style texts that are not an array of objects', () => {
    const notArray = 'Layer styles must be a JSON array of style objects';
    expect(validateLayerStyles('{"type":"fill"}')).toBe(notArray);
    expect(validateLayerStyles('[1]')).toBe(notArray);
    expect(validateLayerStyles('[[]]')).toBe(notArray);
    expect(validateLayerStyles('not json')).toBe(notArray);
    expect(validateLayerStyles('[{"type":"line","id":"a"}]')).toBe(
      'Layer styles cannot contain id or source',
    );
    expect(validateLayerStyles('[]')).toBeNull();
  });

  it('checks a layer source: JSON, FeatureCollection, features array, size', () => {
    const two = JSON.stringify({
      type: 'FeatureCollection',
      features: [
        { type: 'Feature', geometry: { type: 'Point', coordinates: [0, 0] }, properties: {} },
        { type: 'Feature', geometry: null, properties: { name: 'Zürich' } },
      ],
    });
    expect(checkLayerSource(two)).toEqual({
      ok: true,
      featureCount: 2,
      sourceBytes: new TextEncoder().encode(two).length,
    });
    expect(validateLayerSource('{')).toBe('Invalid GeoJSON: Must be a FeatureCollection');
    expect(validateLayerSource('[]')).toBe('Invalid GeoJSON: Must be a FeatureCollection');
    expect(validateLayerSource('{"type":"FeatureCollection","features":1}')).toBe(
      'Invalid GeoJSON: Features must be an array',
    );
  });

  it('limits the source to 16 MiB, measured in UTF-8 bytes', () => {
    expect(LAYER_SOURCE_MAX_BYTES).toBe(16 * 1024 * 1024);
    expect(validateLayerSourceSize(LAYER_SOURCE_MAX_BYTES)).toBeNull();
    expect(validateLayerSourceSize(LAYER_SOURCE_MAX_BYTES + 1)).toBe(
      'The layer is 16.1 MB after conversion; the limit is 16 MB',
    );
    expect(validateLayerSourceSize(20 * 1024 * 1024)).toBe(
      'The layer is 20.0 MB after conversion; the limit is 16 MB',
    );
    const padding = ' '.repeat(LAYER_SOURCE_MAX_BYTES);
    const big = `{"type":"FeatureCollection","features":[]${padding}}`;
    expect(validateLayerSource(big)).toMatch(/^The layer is 16\.1 MB after conversion/);
    for (const text of ['abc', 'é', '漢', '😀', 'a😀é']) {
      expect(utf8ByteLength(text)).toBe(new TextEncoder().encode(text).length);
    }
  });

  it('requires a group name and words the success messages', () => {
    expect(validateGroupName('  ')).toBe('This field is required');
    expect(validateGroupName('Public boundaries')).toBeNull();
    expect(LAYER_CREATED('ROW')).toBe('Layer ROW created');
    expect(GROUP_DELETED('Public boundaries')).toBe('Group Public boundaries deleted');
  });
});
