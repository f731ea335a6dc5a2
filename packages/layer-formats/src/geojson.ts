import { LAYER_MESSAGES, validateFeatureCollection } from '@asset-portal/shared';
import { fail } from './errors.ts';
import { normalizeFeatures } from './geometry.ts';
import { decodeText } from './text.ts';
import type { LayerConversion } from './types.ts';

/** GeoJSON (RFC 7946: WGS 84 lon/lat) checked against the §5 rules. */
export function convertGeoJson(bytes: Uint8Array): LayerConversion {
  let parsed: unknown;
  try {
    parsed = JSON.parse(decodeText(bytes));
  } catch {
    fail(LAYER_MESSAGES.invalidJson);
  }
  const problem = validateFeatureCollection(parsed);
  if (problem) fail(problem);
  const { features } = parsed as { features: unknown[] };
  if (features.length === 0) fail(LAYER_MESSAGES.emptyConversion);
  return {
    kind: 'geojson',
    featureCollection: normalizeFeatures(features),
    styles: [],
    warnings: [],
    crs: 'EPSG:4326',
  };
}
