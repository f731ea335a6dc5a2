import { validateFeatureCollection, validateLayerStyles } from '@asset-portal/shared';
import type { LayerSpecification } from 'maplibre-gl';
import { defaultLayerStyles, ownStyles, sourceIdOf } from '../../map/project-layers.ts';

/** The one layer the preview map draws; the id only names its source and style layers. */
export const PREVIEW_LAYER_ID = 'style-preview';
export const PREVIEW_SOURCE_ID = sourceIdOf(PREVIEW_LAYER_ID);

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
