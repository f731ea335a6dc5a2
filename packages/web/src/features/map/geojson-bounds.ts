import { geojsonBox } from '@asset-portal/shared';
import type { LngLatBox } from './scan-features.ts';

/** The map's box around every coordinate of the GeoJSON, or null when it has none. */
export function geojsonBounds(data: unknown): LngLatBox | null {
  const box = geojsonBox(data);
  if (!box) return null;
  const [west, south, east, north] = box;
  return [
    [west, south],
    [east, north],
  ];
}
