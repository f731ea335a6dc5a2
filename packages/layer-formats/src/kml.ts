/**
 * KML to GeoJSON without a DOM: @xmldom/xmldom parses (DOMParser does not exist in a Web
 * Worker), @tmcw/togeojson converts. Documents declaring a DOCTYPE are refused before parsing:
 * KML never needs one, and refusing it makes entity expansion ("billion laughs") and external
 * entities (file:///etc/passwd) inert whatever the parser would do with them.
 */
import {
  CIRCLE_LAYER_MIN_ZOOM,
  DEFAULT_CIRCLE_PAINT,
  DEFAULT_FILL_PAINT,
  DEFAULT_LAYER_COLOR,
  DEFAULT_LINE_PAINT,
  LAYER_IMAGES_KEY,
  LAYER_MESSAGES,
} from '@asset-portal/shared';
import { kml } from '@tmcw/togeojson';
import { DOMParser } from '@xmldom/xmldom';
import type { Feature, FeatureCollection } from 'geojson';
import { fail } from './errors.ts';
import { normalizeFeatures } from './geometry.ts';
import { decodeText } from './text.ts';
import type { LayerConversion, LayerStyle } from './types.ts';

const DECLARATION = /<!\s*(DOCTYPE|ENTITY)/i;

export function convertKml(bytes: Uint8Array): LayerConversion {
  return kmlConversion(readKmlFeatures(bytes));
}

/** The document's located placemarks, normalized; fails on anything that is not KML. */
export function readKmlFeatures(bytes: Uint8Array): FeatureCollection {
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
  return normalizeFeatures(located);
}

/** The conversion of a read document; `images` are the icons its features' `icon` names. */
export function kmlConversion(
  featureCollection: FeatureCollection,
  images: Record<string, string> = {},
): LayerConversion {
  return {
    kind: 'kml',
    featureCollection,
    styles: kmlStyles(featureCollection.features, images),
    warnings: [],
    crs: 'EPSG:4326',
  };
}

const isPolygon = ['match', ['geometry-type'], ['Polygon', 'MultiPolygon'], true, false];
const isPoint = ['match', ['geometry-type'], ['Point', 'MultiPoint'], true, false];
const isLineOrPolygon = [
  'match',
  ['geometry-type'],
  ['LineString', 'MultiLineString', 'Polygon', 'MultiPolygon'],
  true,
  false,
];

/**
 * MapLibre layers drawing the KML LineStyle/PolyStyle colours, which togeojson has already
 * turned from aabbggrr into CSS `#rrggbb` plus an opacity (`stroke`, `fill`, …), and a KMZ's
 * icons. Data-driven paint and layout keep one layer per kind however many styles the document
 * has. Empty when the document styles nothing, so the app's defaults apply; otherwise every kind
 * of geometry it holds is drawn, styled or not.
 */
export function kmlStyles(
  features: readonly Feature[],
  images: Record<string, string> = {},
): LayerStyle[] {
  const styled = (key: string) => features.some((f) => f.properties && key in f.properties);
  const hasGeometry = (types: string[]) =>
    features.some((f) => f.geometry && types.includes(f.geometry.type));
  const styles: LayerStyle[] = [];
  if (styled('fill') && hasGeometry(['Polygon', 'MultiPolygon'])) {
    styles.push({
      type: 'fill',
      filter: isPolygon,
      paint: {
        'fill-color': ['coalesce', ['get', 'fill'], DEFAULT_LAYER_COLOR],
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
        'line-color': ['coalesce', ['get', 'stroke'], DEFAULT_LAYER_COLOR],
        'line-opacity': ['coalesce', ['get', 'stroke-opacity'], 1],
        'line-width': ['coalesce', ['get', 'stroke-width'], 2],
      },
    });
  }
  const withIcon = (f: Feature) => typeof f.properties?.icon === 'string';
  if (Object.keys(images).length > 0 && features.some(withIcon)) {
    styles.push(iconStyle(images));
  }
  if (styles.length === 0) return styles;
  const drawn = new Set(styles.map((style) => style.type));
  if (!drawn.has('fill') && hasGeometry(['Polygon', 'MultiPolygon'])) {
    styles.push({
      type: 'fill',
      filter: isPolygon,
      paint: { ...DEFAULT_FILL_PAINT },
    });
  }
  if (
    !drawn.has('line') &&
    hasGeometry(['LineString', 'MultiLineString', 'Polygon', 'MultiPolygon'])
  ) {
    styles.push({
      type: 'line',
      filter: isLineOrPolygon,
      paint: { ...DEFAULT_LINE_PAINT },
    });
  }
  const isPointFeature = (f: Feature) =>
    f.geometry?.type === 'Point' || f.geometry?.type === 'MultiPoint';
  const plainPoints = features.some(
    (f) => isPointFeature(f) && !(drawn.has('symbol') && withIcon(f)),
  );
  if (plainPoints) {
    // From the spec's default circle zoom, as an unstyled layer's points would be.
    styles.push({
      type: 'circle',
      minzoom: CIRCLE_LAYER_MIN_ZOOM,
      filter: drawn.has('symbol') ? ['all', isPoint, ['!', ['has', 'icon']]] : isPoint,
      paint: { ...DEFAULT_CIRCLE_PAINT },
    });
  }
  return styles;
}

/**
 * The icons at their KML scale, with the placemark's name below unless its LabelStyle hides it
 * (scale 0). The images ride along in the entry's metadata (shared `layer-icons.ts`).
 */
function iconStyle(images: Record<string, string>): LayerStyle {
  return {
    type: 'symbol',
    filter: ['all', isPoint, ['has', 'icon']],
    layout: {
      'icon-image': ['get', 'icon'],
      'icon-size': ['coalesce', ['get', 'icon-scale'], 1],
      'icon-allow-overlap': true,
      'text-field': [
        'case',
        ['==', ['get', 'label-scale'], 0],
        '',
        ['to-string', ['coalesce', ['get', 'name'], '']],
      ],
      'text-size': 12,
      'text-offset': [0, 1.2],
      'text-anchor': 'top',
      'text-optional': true,
    },
    paint: { 'text-color': '#1a237e', 'text-halo-color': '#ffffff', 'text-halo-width': 1.5 },
    metadata: { [LAYER_IMAGES_KEY]: images },
  };
}
