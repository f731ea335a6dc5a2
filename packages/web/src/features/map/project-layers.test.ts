import { describe, expect, it } from 'vitest';
import { POINT_LABEL, prepareProjectLayer, sourceIdOf, usableStyles } from './project-layers.ts';

const points = JSON.stringify({
  type: 'FeatureCollection',
  features: [
    { type: 'Feature', properties: {}, geometry: { type: 'Point', coordinates: [8, 47] } },
  ],
});

describe('project layers on the map', () => {
  it('points its own styles at its own source under unique ids', () => {
    const styles = usableStyles(
      '7',
      JSON.stringify([
        {
          id: 'roads',
          type: 'line',
          source: 'elsewhere',
          'source-layer': 'x',
          paint: { 'line-color': '#f00' },
        },
        { type: 'circle', minzoom: 12, filter: ['==', ['get', 'kind'], 'kp'] },
      ]),
    );
    expect(styles).toEqual([
      {
        id: 'project-layer-7-0',
        type: 'line',
        source: sourceIdOf('7'),
        paint: { 'line-color': '#f00' },
      },
      {
        id: 'project-layer-7-1',
        type: 'circle',
        source: sourceIdOf('7'),
        minzoom: 12,
        filter: ['==', ['get', 'kind'], 'kp'],
      },
    ]);
  });

  it('falls back to the default styles for empty, invalid or undrawable styles', () => {
    for (const bad of ['', '[]', '{not json', '[1, "x", {"type": "sky"}]', 'null']) {
      const prepared = prepareProjectLayer({ id: '3', name: 'KPs', source: points, layers: bad });
      expect(prepared?.usesDefaultStyle).toBe(true);
      expect(prepared?.styles.map((s) => s.type)).toEqual(['fill', 'line', 'circle', 'symbol']);
    }
  });

  it('draws default points from zoom 10 and their labels from zoom 8, as the spec sets', () => {
    const prepared = prepareProjectLayer({ id: '3', name: 'KPs', source: points, layers: '[]' });
    expect(prepared?.styles.find((s) => s.type === 'circle')?.minzoom).toBe(10);
    const label = prepared?.styles.find((s) => s.type === 'symbol');
    expect(label?.minzoom).toBe(8);
    expect(label?.layout).toMatchObject({ 'text-field': POINT_LABEL });
  });

  it('skips a layer whose source is not GeoJSON', () => {
    for (const source of ['', 'oops', '{"type":"Topology"}', '[]']) {
      expect(prepareProjectLayer({ id: '1', name: 'x', source, layers: '[]' })).toBeNull();
    }
  });
});
