/**
 * KML to GeoJSON without a DOM: @xmldom/xmldom parses (DOMParser does not exist in a Web
 * Worker), @tmcw/togeojson converts. Documents declaring a DOCTYPE are refused before parsing:
 * KML never needs one, and refusing it makes entity expansion ("billion laughs") and external
 * entities (file:///etc/passwd) inert whatever the parser would do with them.
 */
import { LAYER_MESSAGES } from '@asset-portal/shared';
import { kml } from '@tmcw/togeojson';
import { DOMParser } from '@xmldom/xmldom';
import type { Feature } from 'geojson';
import { fail } from './errors.ts';
import { normalizeFeatures } from './geometry.ts';
import { decodeText } from './text.ts';
import type { LayerConversion, LayerStyle } from './types.ts';

const DECLARATION = /<!\s*(DOCTYPE|ENTITY)/i;

export function convertKml(bytes: Uint8Array): LayerConversion {
  const text = decodeText(bytes);
  if (DECLARATION.test(text)) fail(LAYER_MESSAGES.invalidKml);
  let features: Feature[];
  try {
    const parser = new DOMParser({
      onError: (level: string) => {
        if (level !== 'warning') fail(LAYER_MESSAGES.invalidKml);
      },
    });
    const document = parser.parseFromString(text, 'text/xml');
    const root = document.documentElement;
    if (root?.localName !== 'kml') fail(LAYER_MESSAGES.invalidKml);
    features = kml(document as never).features as Feature[];
  } catch {
    fail(LAYER_MESSAGES.invalidKml);
  }
  const located = features.filter((feature) => feature.geometry !== null);
  if (located.length === 0) fail(LAYER_MESSAGES.emptyConversion);
  const featureCollection = normalizeFeatures(located);
  return {
    kind: 'kml',
    featureCollection,
    styles: kmlStyles(featureCollection.features),
    warnings: [],
    crs: 'EPSG:4326',
  };
}

const DEFAULT_COLOR = '#3388ff';
const isPolygon = ['match', ['geometry-type'], ['Polygon', 'MultiPolygon'], true, false];
const isLineOrPolygon = [
  'match',
  ['geometry-type'],
  ['LineString', 'MultiLineString', 'Polygon', 'MultiPolygon'],
  true,
  false,
];

/**
 * MapLibre layers drawing the KML LineStyle/PolyStyle colours, which togeojson has already
 * turned from aabbggrr into CSS `#rrggbb` plus an opacity (`stroke`, `fill`, …). Data-driven
 * paint keeps one fill and one line layer however many styles the document has. Empty when
 * the document styles no lines or polygons, so the app's defaults apply.
 */
export function kmlStyles(features: readonly Feature[]): LayerStyle[] {
  const styled = (key: string) => features.some((f) => f.properties && key in f.properties);
  const hasGeometry = (types: string[]) =>
    features.some((f) => f.geometry && types.includes(f.geometry.type));
  const styles: LayerStyle[] = [];
  if (styled('fill') && hasGeometry(['Polygon', 'MultiPolygon'])) {
    styles.push({
      type: 'fill',
      filter: isPolygon,
      paint: {
        'fill-color': ['coalesce', ['get', 'fill'], DEFAULT_COLOR],
        'fill-opacity': ['coalesce', ['get', 'fill-opacity'], 0.4],
      },
    });
  }
  if (
    styled('stroke') &&
    hasGeometry(['LineString', 'MultiLineString', 'Polygon', 'MultiPolygon'])
  ) {
    styles.push({
      type: 'line',
      filter: isLineOrPolygon,
      paint: {
        'line-color': ['coalesce', ['get', 'stroke'], DEFAULT_COLOR],
        'line-opacity': ['coalesce', ['get', 'stroke-opacity'], 1],
        'line-width': ['coalesce', ['get', 'stroke-width'], 2],
      },
    });
  }
  return styles;
}
