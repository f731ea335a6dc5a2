import { describe, expect, it } from 'vitest';
import {
  layerFileKind,
  validateFeatureCollection,
  validateLayerFile,
  validateLayerName,
  validateLayerStyles,
} from './layer-rules.ts';

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
});
