import { CIRCLE_LAYER_MIN_ZOOM, SYMBOL_LAYER_MIN_ZOOM } from '@asset-portal/shared';
import { POINT_LABEL } from '../../map/project-layers.ts';

/**
 * A MapLibre style layer as a project layer stores it: no `id` and no `source`, which the map
 * assigns when it draws the layer (spec §5).
 */
export type StyleEntry = Record<string, unknown> & { type: string };

export interface PredefinedStyle {
  name: 'Ditchline' | 'KPs' | 'ROW' | 'TWS';
  description: string;
  styles: readonly StyleEntry[];
}

const POINTS = ['==', ['geometry-type'], 'Point'];
const POLYGONS = ['==', ['geometry-type'], 'Polygon'];
const LINES_AND_POLYGONS = ['in', ['geometry-type'], ['literal', ['LineString', 'Polygon']]];

/** The predefined layer styles of spec §3, in menu order. */
export const PREDEFINED_STYLES: readonly PredefinedStyle[] = [
  {
    name: 'Ditchline',
    description: 'The pipeline ditch: a dashed blue line',
    styles: [
      {
        type: 'line',
        filter: LINES_AND_POLYGONS,
        layout: { 'line-cap': 'butt', 'line-join': 'round' },
        paint: { 'line-color': '#1565c0', 'line-width': 3, 'line-dasharray': [2, 1.5] },
      },
    ],
  },
  {
    name: 'KPs',
    description: 'Kilometre posts: circles with their KP label',
    styles: [
      {
        type: 'circle',
        minzoom: CIRCLE_LAYER_MIN_ZOOM,
        filter: POINTS,
        paint: {
          'circle-color': '#ffffff',
          'circle-radius': 5,
          'circle-stroke-color': '#d84315',
          'circle-stroke-width': 2,
        },
      },
      {
        type: 'symbol',
        minzoom: SYMBOL_LAYER_MIN_ZOOM,
        filter: POINTS,
        layout: {
          'text-field': POINT_LABEL,
          'text-size': 12,
          'text-offset': [0, 1.2],
          'text-anchor': 'top',
        },
        paint: { 'text-color': '#bf360c', 'text-halo-color': '#ffffff', 'text-halo-width': 1.5 },
      },
    ],
  },
  {
    name: 'ROW',
    description: 'Right of way: a thin outlined area',
    styles: [
      {
        type: 'fill',
        filter: POLYGONS,
        paint: { 'fill-color': '#2e7d32', 'fill-opacity': 0.08 },
      },
      {
        type: 'line',
        filter: LINES_AND_POLYGONS,
        paint: { 'line-color': '#2e7d32', 'line-width': 1.5 },
      },
    ],
  },
  {
    name: 'TWS',
    description: 'Temporary workspace: a semi-transparent area',
    styles: [
      {
        type: 'fill',
        filter: POLYGONS,
        paint: { 'fill-color': '#f9a825', 'fill-opacity': 0.35, 'fill-outline-color': '#f57f17' },
      },
    ],
  },
];

export function predefinedStyle(name: string): PredefinedStyle | undefined {
  return PREDEFINED_STYLES.find((style) => style.name === name);
}

/**
 * The editor text after choosing a predefined style: its entries appended to the styles already
 * there, or, when the text is empty or not a JSON array, the predefined entries alone.
 */
export function insertPredefinedStyle(text: string, style: PredefinedStyle): string {
  let current: unknown[] = [];
  try {
    const parsed: unknown = JSON.parse(text);
    if (Array.isArray(parsed)) current = parsed;
  } catch {
    // Unparseable text is replaced: appending to it could not make valid JSON.
  }
  return JSON.stringify([...current, ...style.styles], null, 2);
}
