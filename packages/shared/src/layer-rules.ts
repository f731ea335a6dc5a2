/** Layer form and file rules of spec §5 (Layer). */
import {
  GEOTIFF_MIN_BYTES,
  LAYER_NAME_MAX,
  LAYER_NAME_MIN,
  LAYER_SOURCE_MAX_BYTES,
} from './constants.ts';
import {
  FIELD_REQUIRED,
  GEOTIFF_TOO_SMALL,
  LAYER_FILE_TYPE_INVALID,
  LAYER_MESSAGES,
  LAYER_NAME_INVALID,
  LAYER_SOURCE_TOO_LARGE,
  LAYER_STYLE_HAS_ID_OR_SOURCE,
  LAYER_STYLES_NOT_ARRAY,
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
  if (nestedDeeperThan(value, LAYER_MAX_NESTING)) return LAYER_MESSAGES.tooDeep;
  return null;
}

/**
 * How deep a layer's JSON may nest. Geometries need 6 levels below a feature; properties a few
 * more. Deeper data parses, but writing it back (JSON.stringify, PostgreSQL's jsonb) overflows
 * the stack.
 */
export const LAYER_MAX_NESTING = 64;

/** Whether arrays and objects nest deeper than `limit`; iterative, so any depth is safe to test. */
export function nestedDeeperThan(value: unknown, limit: number): boolean {
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length > 0) {
    const [current, depth] = stack.pop()!;
    if (typeof current !== 'object' || current === null) continue;
    if (depth > limit) return true;
    for (const child of Array.isArray(current) ? current : Object.values(current)) {
      if (typeof child === 'object' && child !== null) stack.push([child, depth + 1]);
    }
  }
  return false;
}

/** 'This field is required' for an empty group name, or null. */
export function validateGroupName(name: string | null | undefined): string | null {
  return (name ?? '').trim() === '' ? FIELD_REQUIRED : null;
}

/** UTF-8 size of a text without encoding it (a source may be 16 MiB). */
export function utf8ByteLength(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
      // A surrogate pair is one 4-byte character.
      bytes += 4;
      i += 1;
    } else bytes += 3;
  }
  return bytes;
}

const MIB = 1024 * 1024;

/** The size rule alone: the message for a source above LAYER_SOURCE_MAX_BYTES, or null. */
export function validateLayerSourceSize(bytes: number): string | null {
  if (bytes <= LAYER_SOURCE_MAX_BYTES) return null;
  // Rounded up, so a source just over the limit never reads as '16.0 MB'.
  return LAYER_SOURCE_TOO_LARGE(`${(Math.ceil((bytes / MIB) * 10) / 10).toFixed(1)} MB`);
}

export type LayerSourceCheck =
  | { ok: true; featureCount: number; sourceBytes: number }
  | { ok: false; message: string };

/**
 * A layer's source text: at most 16 MiB, parsing as a FeatureCollection with a features array.
 * The size is checked first so an oversized text is never parsed.
 */
export function checkLayerSource(text: string): LayerSourceCheck {
  const sourceBytes = utf8ByteLength(text);
  const tooLarge = validateLayerSourceSize(sourceBytes);
  if (tooLarge) return { ok: false, message: tooLarge };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { ok: false, message: LAYER_MESSAGES.notFeatureCollection };
  }
  const message = validateFeatureCollection(parsed);
  if (message) return { ok: false, message };
  return {
    ok: true,
    featureCount: (parsed as { features: unknown[] }).features.length,
    sourceBytes,
  };
}

/** The source rule's message, or null when the text is a usable layer source. */
export function validateLayerSource(text: string): string | null {
  const check = checkLayerSource(text);
  return check.ok ? null : check.message;
}

/**
 * The rendering-layer editor's rule: a JSON array of style objects, none holding `id` or
 * `source` (the app assigns both). An empty text means no styles.
 */
export function validateLayerStyles(text: string | null | undefined): string | null {
  if (!text || text.trim() === '') return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return LAYER_STYLES_NOT_ARRAY;
  }
  if (!Array.isArray(parsed)) return LAYER_STYLES_NOT_ARRAY;
  if (parsed.some((entry) => typeof entry !== 'object' || entry === null || Array.isArray(entry))) {
    return LAYER_STYLES_NOT_ARRAY;
  }
  const invalid = parsed.some((entry) => 'id' in entry || 'source' in entry);
  return invalid ? LAYER_STYLE_HAS_ID_OR_SOURCE : null;
}
