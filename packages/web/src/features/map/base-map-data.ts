import { bordersUrl, landUrl } from 'virtual:base-map';
import type { BaseMapData } from './base-style.ts';

/** The base map's GeoJSON files, made from Natural Earth when the app is built and served with it. */
export const BASE_MAP_DATA: BaseMapData = { land: landUrl, borders: bordersUrl };

let prefetched = false;

/**
 * Fetches the base map's files into the browser's cache (built assets are cached for good)
 * while a screen that will show a map waits for the user: MapLibre's worker then reads them
 * from the cache instead of the network.
 */
export function prefetchBaseMap(): void {
  if (prefetched) return;
  prefetched = true;
  for (const url of Object.values(BASE_MAP_DATA)) {
    // A failed prefetch costs nothing: the map fetches the file itself.
    void fetch(url)
      .then((response) => response.arrayBuffer())
      .catch(() => undefined);
  }
}
