import { describe, expect, it } from 'vitest';
import { defaultLayerIds, listedLayers, type ViewerProjectLayer } from './project-layer-rules.ts';

const layer = (
  id: string,
  name: string,
  flags: Partial<ViewerProjectLayer> = {},
): ViewerProjectLayer => ({
  id,
  name,
  source: '{"type":"FeatureCollection","features":[]}',
  layers: '[]',
  ignore: false,
  showByDefault: true,
  ...flags,
});

describe('project layers in the viewer', () => {
  it('hides ignored layers and sorts the rest by name', () => {
    const layers = [
      layer('1', 'ROW'),
      layer('2', 'Ditchline', { ignore: true }),
      layer('3', 'KPs'),
    ];
    expect(listedLayers(layers).map((l) => l.name)).toEqual(['KPs', 'ROW']);
  });

  it('preselects the layers flagged showByDefault', () => {
    const layers = [
      layer('1', 'ROW', { showByDefault: false }),
      layer('2', 'TWS', { ignore: true }),
      layer('3', 'KPs'),
    ];
    expect(defaultLayerIds(layers)).toEqual(['3']);
  });
});
