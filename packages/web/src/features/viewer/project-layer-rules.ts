/** A project layer as the viewer receives it (spec §3 Project layer). */
export interface ViewerProjectLayer {
  id: string;
  name: string;
  source: string;
  layers: string;
  ignore: boolean;
  showByDefault: boolean;
}

/** Layers flagged ignore are hidden; the others are sorted by name. */
export function listedLayers(layers: readonly ViewerProjectLayer[]): ViewerProjectLayer[] {
  return layers
    .filter((layer) => !layer.ignore)
    .sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
}

/** The layers shown when a project opens: those flagged showByDefault. */
export function defaultLayerIds(layers: readonly ViewerProjectLayer[]): string[] {
  return listedLayers(layers)
    .filter((layer) => layer.showByDefault)
    .map((layer) => layer.id);
}
