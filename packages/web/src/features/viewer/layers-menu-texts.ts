/** Said under a layer the map's present zoom leaves undrawn (points appear from zoom 10). */
export const layerZoomHint = (from: number) => `Drawn from zoom ${from}: zoom in to see it`;
/** The name and tooltip of a layer's zoom button. */
export const zoomToLayerLabel = (name: string) => `Zoom to ${name}`;
/** The tooltip of the zoom button of a layer with no coordinates. */
export const NOTHING_TO_ZOOM_TO = 'Nothing to zoom to: the layer has no coordinates';
