import { describe, expect, it } from 'vitest';
import type { GroupLayerChoice } from '../use-layer-groups.ts';
import { layerGroupChanges } from './group-changes.ts';

const layer = (id: string, vendorId: string | null): GroupLayerChoice => ({
  id,
  name: `Layer ${id}`,
  vendorId,
  vendor: vendorId ? { id: vendorId, name: `Group ${vendorId}` } : null,
});

describe('layerGroupChanges', () => {
  const layers = [layer('1', 'g'), layer('2', 'g'), layer('3', null), layer('4', 'other')];

  it('adds the chosen layers not yet in the group, including ones moved from another group', () => {
    const chosen = [layers[0], layers[1], layers[2], layers[3]] as GroupLayerChoice[];
    const { add, remove } = layerGroupChanges('g', layers, chosen);
    expect(add.map((l) => l.id)).toEqual(['3', '4']);
    expect(remove).toEqual([]);
  });

  it('takes out the group members no longer chosen and leaves other groups alone', () => {
    const { add, remove } = layerGroupChanges('g', layers, [layers[1] as GroupLayerChoice]);
    expect(add).toEqual([]);
    expect(remove.map((l) => l.id)).toEqual(['1']);
  });

  it('changes nothing when the choice equals the members', () => {
    const members = layers.filter((l) => l.vendorId === 'g');
    expect(layerGroupChanges('g', layers, members)).toEqual({ add: [], remove: [] });
  });
});
