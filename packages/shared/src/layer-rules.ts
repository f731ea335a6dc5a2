/** Layer form and file rules of spec §5 (Layer). */
import { GEOTIFF_MIN_BYTES, LAYER_NAME_MAX, LAYER_NAME_MIN } from './constants.ts';
import {
  FIELD_REQUIRED,
  GEOTIFF_TOO_SMALL,
  LAYER_FILE_TYPE_INVALID,
  LAYER_MESSAGES,
  LAYER_NAME_INVALID,
  LAYER_STYLE_HAS_ID_OR_SOURCE,
} from './messages.ts';
import type { FileLike } from './validation.ts';

export type LayerFileKind = 'geojson' | 'kml' | 'kmz' | 'shapefile' | 'geotiff';

const LAYER_NAME_PATTERN = new RegExp(`^[A-Za-z0-9 _-]{${LAYER_NAME_MIN},${LAYER_NAME_MAX}}$`);

/** 'This field is required' or the 3-to-50-character rule, or null. */
export function validateLayerName(name: string | null | undefined): string | null {
  const value = (name ?? '').trim();
  if (value === '') return FIELD_REQUIRED;
  return LAYER_NAME_PATTERN.test(value) ? null : LAYER_NAME_INVALID;
}

/** The kind of a layer file by its extension, or null when unsupported. */
export function layerFileKind(name: string): LayerFileKind | null {
  const lower = name.toLowerCase();
  if (lower.endsWith('.geojson') || lower.endsWith('.json')) return 'geojson';
  if (lower.endsWith('.kml')) return 'kml';
  if (lower.endsWith('.kmz')) return 'kmz';
  if (lower.endsWith('.shp') || lower.endsWith('.zip')) return 'shapefile';
  if (lower.endsWith('.tif') || lower.endsWith('.tiff') || lower.endsWith('.geotiff')) {
    return 'geotiff';
  }
  return null;
}

/** The layer upload's file message, or null when the file is accepted. */
export function validateLayerFile(file: FileLike | null | undefined): string | null {
  if (!file) return FIELD_REQUIRED;
  const kind = layerFileKind(file.name);
  if (!kind) return LAYER_FILE_TYPE_INVALID;
  if (kind === 'geotiff' && file.size < GEOTIFF_MIN_BYTES) return GEOTIFF_TOO_SMALL;
  return null;
}

/** Checks that a parsed value is a GeoJSON FeatureCollection with a features array. */
export function validateFeatureCollection(value: unknown): string | null {
  if (typeof value !== 'object' || value === null) return LAYER_MESSAGES.notFeatureCollection;
  const record = value as { type?: unknown; features?: unknown };
  if (record.type !== 'FeatureCollection') return LAYER_MESSAGES.notFeatureCollection;
  if (!Array.isArray(record.features)) return LAYER_MESSAGES.featuresNotArray;
  return null;
}

/**
 * The rendering-layer editor's rule: a JSON array of style entries, none holding `id` or
 * `source` (the app assigns both).
 */
export function validateLayerStyles(text: string | null | undefined): string | null {
  if (!text || text.trim() === '') return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return LAYER_STYLE_HAS_ID_OR_SOURCE;
  }
  const entries = Array.isArray(parsed) ? parsed : [parsed];
  const invalid = entries.some(
    (entry) => typeof entry !== 'object' || entry === null || 'id' in entry || 'source' in entry,
  );
  return invalid ? LAYER_STYLE_HAS_ID_OR_SOURCE : null;
}
