import type { StyleSpecification } from 'maplibre-gl';
import { BASE_COLORS } from './map-colors.ts';

export const BASE_SOURCES = { land: 'base-land', borders: 'base-borders' } as const;

/** Addresses of the base map's GeoJSON files (`BASE_MAP_DATA`, served with the app). */
export interface BaseMapData {
  land: string;
  borders: string;
}

/**
 * The offline base map: water as the background, land and country borders from the bundled
 * Natural Earth data, which MapLibre's worker fetches from the portal itself. No glyphs,
 * sprites or tiles: nothing is fetched from the internet.
 */
export function buildOfflineStyle(data: BaseMapData): StyleSpecification {
  return {
    version: 8,
    name: 'Offline base map',
    sources: {
      [BASE_SOURCES.land]: { type: 'geojson', data: data.land, tolerance: 0.5 },
      [BASE_SOURCES.borders]: { type: 'geojson', data: data.borders, tolerance: 0.5 },
    },
    layers: [
      { id: 'base-water', type: 'background', paint: { 'background-color': BASE_COLORS.water } },
      {
        id: 'base-land',
        type: 'fill',
        source: BASE_SOURCES.land,
        // The coastline layer draws the edge; the fill's own outline pass would draw it twice.
        paint: { 'fill-color': BASE_COLORS.land, 'fill-antialias': false },
      },
      {
        id: 'base-coastline',
        type: 'line',
        source: BASE_SOURCES.land,
        paint: { 'line-color': BASE_COLORS.coastline, 'line-width': 0.8 },
      },
      {
        id: 'base-borders',
        type: 'line',
        source: BASE_SOURCES.borders,
        paint: {
          'line-color': BASE_COLORS.borders,
          'line-width': ['interpolate', ['linear'], ['zoom'], 2, 0.6, 8, 1.4],
          'line-dasharray': [3, 2],
        },
      },
    ],
  };
}

/** Puts the access key into a configured address that holds the `{key}` placeholder. */
export function withAccessKey(url: string, accessKey: string | null): string {
  return accessKey ? url.replaceAll('{key}', encodeURIComponent(accessKey)) : url;
}
