import { type StyleSpecification, validateStyleMin } from '@maplibre/maplibre-gl-style-spec';

const EMPTY_COLLECTION = { type: 'FeatureCollection', features: [] };

/**
 * MapLibre's own check of a layer's rendering styles as the map adds them (each entry with an id
 * and the layer's GeoJSON source): a style it refuses would be saved and then draw nothing. The
 * first problem, naming the entry as the editor's preview does ('Entry 2: paint.line-width: …'),
 * or null. Run after the shared structural rule (`validateLayerStyles`) passed.
 */
export function layerStyleSpecError(text: string): string | null {
  const entries = JSON.parse(text) as Record<string, unknown>[];
  const style = {
    version: 8,
    sources: { layer: { type: 'geojson', data: EMPTY_COLLECTION } },
    layers: entries.map((entry, index) => ({ ...entry, id: `entry-${index}`, source: 'layer' })),
  };
  const [first] = validateStyleMin(style as unknown as StyleSpecification);
  if (!first) return null;
  const match = /^layers\[(\d+)\]\.?(.*)$/.exec(first.message);
  return match ? `Entry ${Number(match[1]) + 1}: ${match[2]}` : first.message;
}
