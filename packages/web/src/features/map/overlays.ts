import type { ExpressionSpecification, LayerSpecification } from 'maplibre-gl';
import { HIGHLIGHT_COLORS } from './map-colors.ts';
import { boxRing } from './map-modes.ts';
import type { MapOverlays } from './types.ts';

type Collection = GeoJSON.FeatureCollection;

export const OVERLAY_SOURCES = {
  profileLine: 'overlay-profile-line',
  annotations: 'overlay-annotations',
  camera: 'overlay-camera',
  profileHover: 'overlay-profile-hover',
  drawing: 'overlay-drawing',
  boundingBox: 'overlay-bounding-box',
} as const;

export type OverlaySource = (typeof OVERLAY_SOURCES)[keyof typeof OVERLAY_SOURCES];

export const emptyCollection = (): Collection => ({ type: 'FeatureCollection', features: [] });

export function pointCollection(
  position: readonly [number, number] | null | undefined,
): Collection {
  if (!position) return emptyCollection();
  return {
    type: 'FeatureCollection',
    features: [
      {
        type: 'Feature',
        properties: {},
        geometry: { type: 'Point', coordinates: [position[0], position[1]] },
      },
    ],
  };
}

export function lineCollection(line: readonly (readonly [number, number])[] | null | undefined) {
  if (!line || line.length < 2) return emptyCollection();
  return {
    type: 'FeatureCollection',
    features: [
      {
        type: 'Feature',
        properties: {},
        geometry: { type: 'LineString', coordinates: line.map(([lon, lat]) => [lon, lat]) },
      },
    ],
  } satisfies Collection;
}

/** Annotation points with a plain boolean `selected`, whatever the panel sent. */
export function annotationCollection(annotations: MapOverlays['annotations']): Collection {
  if (!annotations) return emptyCollection();
  return {
    type: 'FeatureCollection',
    features: annotations.features
      .filter((item) => item.geometry?.type === 'Point')
      .map((item) => ({
        ...item,
        properties: { ...(item.properties ?? {}), selected: item.properties?.selected === true },
      })),
  };
}

/** The line being drawn: placed vertices, and a segment to the pointer while moving. */
export function drawingCollection(
  vertices: readonly [number, number][],
  pointer: [number, number] | null,
): Collection {
  const line = pointer ? [...vertices, pointer] : [...vertices];
  return {
    type: 'FeatureCollection',
    features: [
      ...lineCollection(line).features,
      ...vertices.map(
        ([lon, lat]): GeoJSON.Feature => ({
          type: 'Feature',
          properties: {},
          geometry: { type: 'Point', coordinates: [lon, lat] },
        }),
      ),
    ],
  };
}

/** A rectangle as one polygon (filled lightly and outlined on the map). */
export function boxCollection(corners: MapOverlays['boundingBox']): Collection {
  if (!corners) return emptyCollection();
  return {
    type: 'FeatureCollection',
    features: [
      {
        type: 'Feature',
        properties: {},
        geometry: { type: 'Polygon', coordinates: [boxRing(corners)] },
      },
    ],
  };
}

/** The overlay data for each overlay source. */
export function overlayData(
  overlays: MapOverlays,
): Record<Exclude<OverlaySource, 'overlay-drawing'>, Collection> {
  return {
    [OVERLAY_SOURCES.profileLine]: lineCollection(overlays.profileLine),
    [OVERLAY_SOURCES.annotations]: annotationCollection(overlays.annotations),
    [OVERLAY_SOURCES.camera]: pointCollection(
      overlays.camera ? [overlays.camera.lon, overlays.camera.lat] : null,
    ),
    [OVERLAY_SOURCES.profileHover]: pointCollection(overlays.profileHover),
    [OVERLAY_SOURCES.boundingBox]: boxCollection(overlays.boundingBox),
  };
}

const selected: ExpressionSpecification = ['boolean', ['get', 'selected'], false];

/** Overlay layers, drawn above the scan paths in this order. */
export function overlayLayers(): LayerSpecification[] {
  return [
    {
      id: 'overlay-bounding-box-fill',
      type: 'fill',
      source: OVERLAY_SOURCES.boundingBox,
      paint: { 'fill-color': HIGHLIGHT_COLORS.drawing, 'fill-opacity': 0.12 },
    },
    {
      id: 'overlay-bounding-box-line',
      type: 'line',
      source: OVERLAY_SOURCES.boundingBox,
      paint: { 'line-color': HIGHLIGHT_COLORS.drawing, 'line-width': 2 },
    },
    {
      id: 'overlay-profile-line',
      type: 'line',
      source: OVERLAY_SOURCES.profileLine,
      layout: { 'line-cap': 'round', 'line-join': 'round' },
      paint: { 'line-color': HIGHLIGHT_COLORS.profileLine, 'line-width': 3 },
    },
    {
      id: 'overlay-annotations',
      type: 'circle',
      source: OVERLAY_SOURCES.annotations,
      paint: {
        'circle-radius': ['case', selected, 8, 6],
        'circle-color': [
          'case',
          selected,
          HIGHLIGHT_COLORS.annotationSelected,
          HIGHLIGHT_COLORS.annotation,
        ],
        'circle-stroke-color': ['case', selected, '#000000', '#ffffff'],
        'circle-stroke-width': ['case', selected, 2.5, 1.5],
      },
    },
    {
      id: 'overlay-camera',
      type: 'circle',
      source: OVERLAY_SOURCES.camera,
      paint: {
        'circle-radius': 8,
        'circle-color': HIGHLIGHT_COLORS.camera,
        'circle-stroke-color': '#ffffff',
        'circle-stroke-width': 3,
      },
    },
    {
      id: 'overlay-profile-hover',
      type: 'circle',
      source: OVERLAY_SOURCES.profileHover,
      paint: {
        'circle-radius': 6,
        'circle-color': HIGHLIGHT_COLORS.profileHover,
        'circle-stroke-color': '#ffffff',
        'circle-stroke-width': 2,
      },
    },
    {
      id: 'overlay-drawing-line',
      type: 'line',
      source: OVERLAY_SOURCES.drawing,
      filter: ['==', ['geometry-type'], 'LineString'],
      paint: {
        'line-color': HIGHLIGHT_COLORS.drawing,
        'line-width': 2.5,
        'line-dasharray': [2, 1],
      },
    },
    {
      id: 'overlay-drawing-vertices',
      type: 'circle',
      source: OVERLAY_SOURCES.drawing,
      filter: ['==', ['geometry-type'], 'Point'],
      paint: {
        'circle-radius': 4,
        'circle-color': '#ffffff',
        'circle-stroke-color': HIGHLIGHT_COLORS.drawing,
        'circle-stroke-width': 2,
      },
    },
  ];
}
