import type { GroupLayerChoice } from '../use-layer-groups.ts';

/** The layers to move into and out of a group so that it holds exactly `chosen`. */
export function layerGroupChanges(
  groupId: string,
  layers: readonly GroupLayerChoice[],
  chosen: readonly GroupLayerChoice[],
): { add: GroupLayerChoice[]; remove: GroupLayerChoice[] } {
  const chosenIds = new Set(chosen.map((layer) => layer.id));
  return {
    add: chosen.filter((layer) => layer.vendorId !== groupId),
    remove: layers.filter((layer) => layer.vendorId === groupId && !chosenIds.has(layer.id)),
  };
}
