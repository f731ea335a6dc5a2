import {
  CIRCLE_LAYER_MIN_ZOOM,
  DEFAULT_CIRCLE_PAINT,
  DEFAULT_FILL_PAINT,
  DEFAULT_LINE_PAINT,
  geojsonNearest,
  SYMBOL_LAYER_MIN_ZOOM,
  styleImages,
} from '@asset-portal/shared';
import type { ExpressionSpecification, LayerSpecification } from 'maplibre-gl';
import { geojsonBounds } from './geojson-bounds.ts';
import type { LngLatBox } from './scan-features.ts';
import type { MapLayerSpec } from './types.ts';

/** A project layer made ready for the map: its GeoJSON and its style layers on that source. */
export interface PreparedLayer {
  sourceId: string;
  data: GeoJSON.GeoJSON;
  styles: LayerSpecification[];
  /** True when the layer's own styles were empty or unusable and the defaults are drawn. */
  usesDefaultStyle: boolean;
  /** The icons its styles carry (a KMZ's), by image name: added to the map before the styles. */
  images: Map<string, string>;
}

const DRAWABLE_TYPES = new Set(['fill', 'line', 'circle', 'symbol', 'fill-extrusion', 'heatmap']);
const GEOJSON_TYPES = new Set([
  'FeatureCollection',
  'Feature',
  'Point',
  'MultiPoint',
  'LineString',
  'MultiLineString',
  'Polygon',
  'MultiPolygon',
  'GeometryCollection',
]);

type Loose = Record<string, unknown>;
const isObject = (value: unknown): value is Loose =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export const sourceIdOf = (layerId: string) => `project-layer-${layerId}`;

/**
 * A point's label: the first of these properties it has (a KP's number, a KML placemark's or a
 * shapefile record's name), nothing without one.
 */
export const POINT_LABEL: ExpressionSpecification = [
  'to-string',
  [
    'coalesce',
    ['get', 'kp'],
    ['get', 'KP'],
    ['get', 'label'],
    ['get', 'name'],
    ['get', 'NAME'],
    '',
  ],
];

/**
 * The spec's default styles (circles from zoom 10, labels from zoom 8), one per geometry kind,
 * used when a layer has no usable styles of its own.
 */
export function defaultLayerStyles(layerId: string): LayerSpecification[] {
  const source = sourceIdOf(layerId);
  return [
    {
      id: `${source}-default-fill`,
      type: 'fill',
      source,
      filter: ['==', ['geometry-type'], 'Polygon'],
      paint: { ...DEFAULT_FILL_PAINT },
    },
    {
      id: `${source}-default-line`,
      type: 'line',
      source,
      filter: ['in', ['geometry-type'], ['literal', ['LineString', 'Polygon']]],
      paint: { ...DEFAULT_LINE_PAINT },
    },
    {
      id: `${source}-default-circle`,
      type: 'circle',
      source,
      minzoom: CIRCLE_LAYER_MIN_ZOOM,
      filter: ['==', ['geometry-type'], 'Point'],
      paint: { ...DEFAULT_CIRCLE_PAINT },
    },
    {
      id: `${source}-default-label`,
      type: 'symbol',
      source,
      minzoom: SYMBOL_LAYER_MIN_ZOOM,
      filter: ['==', ['geometry-type'], 'Point'],
      layout: {
        'text-field': POINT_LABEL,
        'text-size': 12,
        'text-offset': [0, 1.1],
        'text-anchor': 'top',
        'text-optional': true,
      },
      paint: { 'text-color': '#1a237e', 'text-halo-color': '#ffffff', 'text-halo-width': 1.5 },
    },
  ];
}

function styleEntries(stylesText: string): unknown[] {
  const parsed = parseJson(stylesText);
  return Array.isArray(parsed) ? parsed : isObject(parsed) ? [parsed] : [];
}

/** A layer's own styles as the map draws them, and the icons they carry, by image name. */
export interface OwnStyles {
  styles: LayerSpecification[];
  images: Map<string, string>;
}

/** The styles text read once: its drawable entries and the images in their metadata. */
export function ownStyles(layerId: string, stylesText: string): OwnStyles {
  const entries = styleEntries(stylesText);
  return { styles: drawableStyles(layerId, entries), images: styleImages(entries) };
}

/**
 * Keeps the style entries the map can draw and points them at the layer's own source. Symbol
 * labels are drawn from the browser's own fonts (the style has no glyphs URL, so MapLibre draws
 * each glyph locally); icons come from the images the entries carry (`ownStyles`), and one named
 * by nothing the layer carries is left undrawn by MapLibre.
 */
export function usableStyles(layerId: string, stylesText: string): LayerSpecification[] {
  return drawableStyles(layerId, styleEntries(stylesText));
}

function drawableStyles(layerId: string, entries: readonly unknown[]): LayerSpecification[] {
  const source = sourceIdOf(layerId);
  const styles: LayerSpecification[] = [];
  entries.forEach((entry, index) => {
    if (!isObject(entry) || typeof entry.type !== 'string' || !DRAWABLE_TYPES.has(entry.type)) {
      return;
    }
    const style: Loose = { id: `${source}-${index}`, type: entry.type, source };
    if (isObject(entry.paint)) style.paint = entry.paint;
    if (isObject(entry.layout)) style.layout = entry.layout;
    if (Array.isArray(entry.filter)) style.filter = entry.filter;
    if (typeof entry.minzoom === 'number') style.minzoom = entry.minzoom;
    if (typeof entry.maxzoom === 'number') style.maxzoom = entry.maxzoom;
    styles.push(style as unknown as LayerSpecification);
  });
  return styles;
}

/** Null when the source is not GeoJSON: such a layer has nothing to draw. */
export function prepareProjectLayer(spec: MapLayerSpec): PreparedLayer | null {
  const data = parseJson(spec.source);
  if (!isObject(data) || typeof data.type !== 'string' || !GEOJSON_TYPES.has(data.type)) {
    return null;
  }
  const own = ownStyles(spec.id, spec.layers);
  const usesDefaultStyle = own.styles.length === 0;
  return {
    sourceId: sourceIdOf(spec.id),
    data: data as unknown as GeoJSON.GeoJSON,
    styles: usesDefaultStyle ? defaultLayerStyles(spec.id) : own.styles,
    usesDefaultStyle,
    images: usesDefaultStyle ? new Map() : own.images,
  };
}

type GeometryKind = 'Point' | 'LineString' | 'Polygon';

/** The kinds of geometry a style entry of each type draws (a symbol is a label, not a shape). */
const DRAWS: Readonly<Record<string, readonly GeometryKind[]>> = {
  fill: ['Polygon'],
  'fill-extrusion': ['Polygon'],
  line: ['LineString', 'Polygon'],
  circle: ['Point'],
  heatmap: ['Point'],
};

function geometryKinds(data: unknown, kinds = new Set<GeometryKind>()): Set<GeometryKind> {
  if (!isObject(data)) return kinds;
  switch (data.type) {
    case 'FeatureCollection':
      if (Array.isArray(data.features))
        for (const feature of data.features) geometryKinds(feature, kinds);
      break;
    case 'Feature':
      geometryKinds(data.geometry, kinds);
      break;
    case 'GeometryCollection':
      if (Array.isArray(data.geometries))
        for (const part of data.geometries) geometryKinds(part, kinds);
      break;
    case 'Point':
    case 'MultiPoint':
      kinds.add('Point');
      break;
    case 'LineString':
    case 'MultiLineString':
      kinds.add('LineString');
      break;
    case 'Polygon':
    case 'MultiPolygon':
      kinds.add('Polygon');
      break;
  }
  return kinds;
}

/** Where a layer draws and from which zoom: what the viewer's layer menu says and zooms to. */
export interface LayerReach {
  /**
   * The lowest zoom at which the layer's styles draw a shape of its geometries: the spec's
   * default points appear only from zoom 10, so a layer of points is blank on a wider view.
   * Labels are not counted unless the styles draw nothing else (a label alone may have no
   * text). Null when the layer draws nothing at any zoom (not GeoJSON, or no style for its
   * geometries).
   */
  drawnFrom: number | null;
  /** The box around its coordinates; null when it has none. */
  bounds: LngLatBox | null;
  /**
   * Its coordinate nearest the box's middle, null when it has none: where to look when the box
   * fits only at a zoom too wide for the layer to be drawn (points across a country).
   */
  nearMiddle: [number, number] | null;
}

/** A layer's reach, from one reading of its source (which may be megabytes). */
export function layerReach(spec: MapLayerSpec): LayerReach {
  const prepared = prepareProjectLayer(spec);
  if (!prepared) return { drawnFrom: null, bounds: null, nearMiddle: null };
  const kinds = geometryKinds(prepared.data);
  const zoomOf = (style: LayerSpecification) => style.minzoom ?? 0;
  const shapes = prepared.styles.filter((style) =>
    (DRAWS[style.type] ?? []).some((kind) => kinds.has(kind)),
  );
  const counted =
    shapes.length > 0 ? shapes : prepared.styles.filter((style) => style.type === 'symbol');
  const bounds = geojsonBounds(prepared.data);
  const middle: [number, number] | null = bounds && [
    (bounds[0][0] + bounds[1][0]) / 2,
    (bounds[0][1] + bounds[1][1]) / 2,
  ];
  return {
    drawnFrom: counted.length > 0 ? Math.min(...counted.map(zoomOf)) : null,
    bounds,
    nearMiddle: middle && geojsonNearest(prepared.data, middle),
  };
}
