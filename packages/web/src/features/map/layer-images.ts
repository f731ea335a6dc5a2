import { imageDataUrlType } from '@asset-portal/shared';
import type { Map as MapLibreMap } from 'maplibre-gl';

/** What the map needs of MapLibre to hold a layer's icons. */
export type ImageHost = Pick<MapLibreMap, 'hasImage' | 'addImage'>;

/** A data URL's bytes as a Blob; decoded from the text, so no fetch and no CSP rule applies. */
function dataUrlBlob(url: string): Blob | null {
  const type = imageDataUrlType(url);
  if (!type) return null;
  const binary = atob(url.slice(url.indexOf(',') + 1));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return new Blob([bytes], { type });
}

/**
 * Decodes the images the map does not hold yet and adds them. An image that does not decode is
 * skipped (its icons stay undrawn, MapLibre says which); the others are still added. The map
 * must add a layer's images before the layer: MapLibre lays a symbol out once, without the
 * icons that were missing at that moment.
 */
export async function addLayerImages(
  map: ImageHost,
  images: ReadonlyMap<string, string>,
  isCurrent: () => boolean = () => true,
): Promise<void> {
  const missing = [...images].filter(([name]) => !map.hasImage(name));
  const decoded = await Promise.all(
    missing.map(async ([name, url]) => {
      const blob = dataUrlBlob(url);
      if (!blob) return null;
      try {
        return [name, await createImageBitmap(blob)] as const;
      } catch {
        return null;
      }
    }),
  );
  if (!isCurrent()) return;
  for (const entry of decoded) {
    if (entry && !map.hasImage(entry[0])) map.addImage(entry[0], entry[1]);
  }
}

/** Whether the map holds every one of the images. */
export function holdsImages(map: ImageHost, images: ReadonlyMap<string, string>): boolean {
  for (const name of images.keys()) if (!map.hasImage(name)) return false;
  return true;
}
