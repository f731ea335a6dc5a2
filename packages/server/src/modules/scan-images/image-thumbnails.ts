import sharp from 'sharp';
import type { ImageRef } from '../../db/schema.ts';

/** The longer side of a thumbnail, in pixels: a third of a viewer column shows it sharp. */
export const THUMBNAIL_MAX_SIDE = 320;
/** JPEG quality of thumbnails: small files with no visible blocks at this size. */
export const THUMBNAIL_QUALITY = 75;
/** Camera images larger than this are stored without a thumbnail rather than decoded in memory. */
export const THUMBNAIL_MAX_SOURCE_BYTES = 16 * 1024 * 1024;

/**
 * Where the thumbnail of a camera image is stored: beside it, in a `thumbs` folder
 * (`…/images/<camera>/<frame>.jpg` → `…/images/<camera>/thumbs/<frame>.jpg`).
 */
export function thumbnailKey(imageKey: string): string {
  const slash = imageKey.lastIndexOf('/');
  return `${imageKey.slice(0, slash)}/thumbs/${imageKey.slice(slash + 1)}`;
}

/**
 * The size of the thumbnail of a `width` × `height` image: the longer side brought down to
 * `maxSide`, the aspect ratio kept; a smaller image keeps its size.
 */
export function thumbnailSize(
  width: number,
  height: number,
  maxSide = THUMBNAIL_MAX_SIDE,
): { width: number; height: number } {
  const scale = Math.min(1, maxSide / Math.max(width, height));
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  };
}

// Each image is read once: libvips' operation cache would only hold memory in a long-lived server.
sharp.cache(false);

/** Larger images (in pixels) are refused before decoding: a bomb of a JPEG must not fill memory. */
const THUMBNAIL_MAX_SOURCE_PIXELS = 64_000_000;

/**
 * The thumbnail of a JPEG camera image, as JPEG bytes; null when the image cannot be decoded
 * (the viewer then shows the full image). The stored orientation is kept, so the image's
 * `jpegRotation` applies to its thumbnail too: sharp turns an image only when asked, and writes
 * no EXIF orientation.
 *
 * libvips decodes a JPEG already shrunk by a power of two (its DCT scaling) before the resize:
 * a 5 MP frame's thumbnail takes a small part of what a full decode in JavaScript took
 * (`npm run bench:thumbnails`, figures in bench/RESULTS.md).
 */
export async function makeThumbnail(
  image: Uint8Array,
  maxPixels = THUMBNAIL_MAX_SOURCE_PIXELS,
): Promise<Buffer | null> {
  if (image.length > THUMBNAIL_MAX_SOURCE_BYTES) return null;
  const options = { limitInputPixels: maxPixels } as const;
  try {
    const { format, width, height } = await sharp(image, options).metadata();
    if (format !== 'jpeg') return null;
    const size = thumbnailSize(width, height);
    return await sharp(image, options)
      .resize(size.width, size.height, { fit: 'fill' })
      .jpeg({ quality: THUMBNAIL_QUALITY })
      .toBuffer();
  } catch {
    return null;
  }
}

/**
 * A camera image's reference as ingestion stores it: `thumbnailS3Url` is set when the thumbnail
 * was made; images registered before thumbnails existed have none and are shown in full.
 */
export interface ThumbnailedImageRef extends ImageRef {
  thumbnailS3Url?: string;
}
