/**
 * Icons a layer brings with it (a KMZ's IconStyle images). They travel in the style entry that
 * draws them, under MapLibre's free-form `metadata` field, as data URLs keyed by image name: the
 * layer stays two texts (source and styles), the style spec accepts the entry as it is, and an
 * entry deleted in the rendering-layer editor takes its images with it.
 */

/** The `metadata` key of a style entry that holds its images. */
export const LAYER_IMAGES_KEY = 'asset-portal:images';

/** Bounds that keep the images inside the styles text's limit (100,000 characters). */
export const LAYER_ICON_LIMITS = {
  /** Largest icon file taken, in bytes. */
  maxIconBytes: 8 * 1024,
  /** Most bytes of icons one layer keeps. */
  maxTotalBytes: 48 * 1024,
} as const;

const IMAGE_NAME = /^[A-Za-z0-9_-]{1,64}$/;
const DATA_URL = /^data:image\/(png|jpeg|gif);base64,[A-Za-z0-9+/]+={0,2}$/;

/** The image's MIME type when the text is a data URL of a PNG, JPEG or GIF, else null. */
export function imageDataUrlType(text: string): string | null {
  const match = DATA_URL.exec(text);
  return match ? `image/${match[1]}` : null;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The images the style entries carry, by name. Anything that is not a well-formed name with a
 * PNG, JPEG or GIF data URL of at most the icon size is left out: a hand-edited entry cannot make
 * the map decode something else.
 */
export function styleImages(entries: readonly unknown[]): Map<string, string> {
  const images = new Map<string, string>();
  const maxLength = Math.ceil(LAYER_ICON_LIMITS.maxIconBytes / 3) * 4 + 32;
  for (const entry of entries) {
    if (!isObject(entry) || !isObject(entry.metadata)) continue;
    const carried = entry.metadata[LAYER_IMAGES_KEY];
    if (!isObject(carried)) continue;
    for (const [name, url] of Object.entries(carried)) {
      if (!IMAGE_NAME.test(name) || typeof url !== 'string' || url.length > maxLength) continue;
      if (imageDataUrlType(url)) images.set(name, url);
    }
  }
  return images;
}
