import { CIRCLE_LAYER_MIN_ZOOM, LAYER_IMAGES_KEY } from '@asset-portal/shared';
import { describe, expect, it } from 'vitest';
import {
  layerReach,
  POINT_LABEL,
  prepareProjectLayer,
  sourceIdOf,
  usableStyles,
} from './project-layers.ts';

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

  it('carries the icons of its own styles to the map, none for the defaults', () => {
    const icon = 'data:image/png;base64,iVBORw0KGgo=';
    const layers = JSON.stringify([
      {
        type: 'symbol',
        layout: { 'icon-image': ['get', 'icon'] },
        metadata: { [LAYER_IMAGES_KEY]: { 'kmz-icon-1': icon, 'bad name': icon } },
      },
    ]);
    const prepared = prepareProjectLayer({ id: '5', name: 'Pins', source: points, layers });
    expect([...(prepared?.images ?? [])]).toEqual([['kmz-icon-1', icon]]);
    // The map gets the drawable parts; the images travel beside them, not in the style.
    expect(prepared?.styles[0]).not.toHaveProperty('metadata');
    const unstyled = prepareProjectLayer({ id: '6', name: 'Pins', source: points, layers: '[]' });
    expect(unstyled?.images.size).toBe(0);
  });

  it('skips a layer whose source is not GeoJSON', () => {
    for (const source of ['', 'oops', '{"type":"Topology"}', '[]']) {
      expect(prepareProjectLayer({ id: '1', name: 'x', source, layers: '[]' })).toBeNull();
    }
  });
});

describe('where and from which zoom a layer is drawn', () => {
  const drawnFromZoom = (spec: Parameters<typeof layerReach>[0]) => layerReach(spec).drawnFrom;
  const layer = (source: unknown, styles: unknown = []) => ({
    id: '3',
    name: 'L',
    source: JSON.stringify(source),
    layers: JSON.stringify(styles),
  });
  const line = {
    type: 'LineString',
    coordinates: [
      [8, 47],
      [8.1, 47.1],
    ],
  };

  it('is the default points’ zoom 10 for a layer of points, and 0 once it has lines', () => {
    expect(drawnFromZoom(layer(JSON.parse(points)))).toBe(CIRCLE_LAYER_MIN_ZOOM);
    const mixed = {
      type: 'FeatureCollection',
      features: [
        ...JSON.parse(points).features,
        { type: 'Feature', properties: {}, geometry: line },
      ],
    };
    expect(drawnFromZoom(layer(mixed))).toBe(0);
  });

  it('reads the layer’s own styles, counting only those that draw its geometries', () => {
    const styles = [
      { type: 'fill', paint: {} },
      { type: 'circle', minzoom: 14 },
    ];
    expect(drawnFromZoom(layer({ type: 'MultiPoint', coordinates: [[8, 47]] }, styles))).toBe(14);
    expect(
      drawnFromZoom(
        layer({ type: 'GeometryCollection', geometries: [line] }, [{ type: 'circle' }]),
      ),
    ).toBeNull();
    expect(drawnFromZoom(layer(JSON.parse(points), [{ type: 'symbol', minzoom: 6 }]))).toBe(6);
  });

  it('spans the layer’s coordinates, whatever its styles draw', () => {
    const mixed = {
      type: 'FeatureCollection',
      features: [
        ...JSON.parse(points).features,
        { type: 'Feature', properties: {}, geometry: line },
      ],
    };
    expect(layerReach(layer(mixed, [{ type: 'circle', minzoom: 12 }]))).toEqual({
      drawnFrom: 12,
      bounds: [
        [8, 47],
        [8.1, 47.1],
      ],
      nearMiddle: [8, 47],
    });
  });

  it('names the coordinate nearest the box’s middle, where a wide layer of points is seen', () => {
    const wells = {
      type: 'MultiPoint',
      coordinates: [
        [64, 31],
        [66, 31.6],
        [70, 35],
      ],
    };
    expect(layerReach(layer(wells)).nearMiddle).toEqual([66, 31.6]);
  });

  it('is empty for a source that is not GeoJSON', () => {
    expect(layerReach({ id: '3', name: 'L', source: 'not json', layers: '[]' })).toEqual({
      drawnFrom: null,
      bounds: null,
      nearMiddle: null,
    });
  });
});
