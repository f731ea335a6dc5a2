import { validateFeatureCollection, validateLayerStyles } from '@asset-portal/shared';
import type { LayerSpecification } from 'maplibre-gl';
import { defaultLayerStyles, ownStyles, sourceIdOf } from '../../map/project-layers.ts';

/** The one layer the preview map draws; the id only names its source and style layers. */
export const PREVIEW_LAYER_ID = 'style-preview';
export const PREVIEW_SOURCE_ID = sourceIdOf(PREVIEW_LAYER_ID);

export type LonLatBounds = [[number, number], [number, number]];

/** The source text as a FeatureCollection, or null when it is not one (the preview keeps the last). */
export function parseFeatureCollection(text: string): GeoJSON.FeatureCollection | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  return validateFeatureCollection(parsed) === null ? (parsed as GeoJSON.FeatureCollection) : null;
}

/** Whether the editor text may replace the preview's styles (the shared rule, spec §5). */
export function isValidStylesText(text: string): boolean {
  return validateLayerStyles(text) === null;
}

export interface PreviewStyles {
  styles: LayerSpecification[];
  /** True when the text has no drawable entry and the map's default styles are shown. */
  usesDefaultStyle: boolean;
  /** The icons the entries carry, by image name. */
  images: Map<string, string>;
}

/** The style layers the preview draws for a valid styles text, exactly as the project map would. */
export function previewStyles(stylesText: string): PreviewStyles {
  const own = ownStyles(PREVIEW_LAYER_ID, stylesText);
  return own.styles.length > 0
    ? { ...own, usesDefaultStyle: false }
    : { styles: defaultLayerStyles(PREVIEW_LAYER_ID), usesDefaultStyle: true, images: new Map() };
}

function extend(bounds: number[], position: unknown): void {
  if (!Array.isArray(position)) return;
  if (typeof position[0] === 'number' && typeof position[1] === 'number') {
    const [lon, lat] = position;
    if (!Number.isFinite(lon) || !Number.isFinite(lat)) return;
    bounds[0] = Math.min(bounds[0] as number, lon);
    bounds[1] = Math.min(bounds[1] as number, lat);
    bounds[2] = Math.max(bounds[2] as number, lon);
    bounds[3] = Math.max(bounds[3] as number, lat);
    return;
  }
  for (const inner of position) extend(bounds, inner);
}

function extendGeometry(bounds: number[], geometry: unknown): void {
  if (typeof geometry !== 'object' || geometry === null) return;
  const record = geometry as { coordinates?: unknown; geometries?: unknown };
  if (Array.isArray(record.geometries)) {
    for (const part of record.geometries) extendGeometry(bounds, part);
  } else {
    extend(bounds, record.coordinates);
  }
}

/** The lon/lat box around every coordinate of the collection, or null when it has none. */
export function featureBounds(collection: GeoJSON.FeatureCollection): LonLatBounds | null {
  const bounds = [
    Number.POSITIVE_INFINITY,
    Number.POSITIVE_INFINITY,
    Number.NEGATIVE_INFINITY,
    Number.NEGATIVE_INFINITY,
  ];
  for (const feature of collection.features) {
    extendGeometry(bounds, (feature as { geometry?: unknown } | null)?.geometry);
  }
  const [west, south, east, north] = bounds as [number, number, number, number];
  if (!Number.isFinite(west)) return null;
  return [
    [west, south],
    [east, north],
  ];
}

/**
 * MapLibre's reason for refusing a style, naming the entry by its place in the editor's array
 * rather than by the internal id the preview gave it.
 */
export function describePreviewError(message: string): string {
  const prefix = `layers.${PREVIEW_SOURCE_ID}-`;
  if (!message.startsWith(prefix)) return message;
  const match = /^(\d+)\.?(.*)$/.exec(message.slice(prefix.length));
  if (!match) return message;
  return `Entry ${Number(match[1]) + 1}: ${match[2]}`;
}
