import jpeg from 'jpeg-js';
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

/**
 * Shrinks an RGBA image by averaging the source pixels under each target pixel (a box filter),
 * which keeps thin features visible where picking one source pixel would alias them away.
 */
export function downscaleRgba(
  source: Uint8Array,
  width: number,
  height: number,
  targetWidth: number,
  targetHeight: number,
): Uint8Array {
  const target = new Uint8Array(targetWidth * targetHeight * 4);
  const xStarts = boxStarts(width, targetWidth);
  const yStarts = boxStarts(height, targetHeight);
  for (let ty = 0; ty < targetHeight; ty++) {
    const y0 = yStarts[ty]!;
    const y1 = yStarts[ty + 1]!;
    for (let tx = 0; tx < targetWidth; tx++) {
      const x0 = xStarts[tx]!;
      const x1 = xStarts[tx + 1]!;
      let r = 0;
      let g = 0;
      let b = 0;
      for (let y = y0; y < y1; y++) {
        let at = (y * width + x0) * 4;
        for (let x = x0; x < x1; x++, at += 4) {
          r += source[at]!;
          g += source[at + 1]!;
          b += source[at + 2]!;
        }
      }
      const count = (y1 - y0) * (x1 - x0);
      const to = (ty * targetWidth + tx) * 4;
      target[to] = Math.round(r / count);
      target[to + 1] = Math.round(g / count);
      target[to + 2] = Math.round(b / count);
      target[to + 3] = 255;
    }
  }
  return target;
}

/** First source index of each target pixel's box, plus the end (target no larger than source). */
function boxStarts(size: number, targetSize: number): Int32Array {
  const starts = new Int32Array(targetSize + 1);
  for (let i = 0; i <= targetSize; i++) starts[i] = Math.floor((i * size) / targetSize);
  return starts;
}

/**
 * The thumbnail of a JPEG camera image, as JPEG bytes; null when the image cannot be decoded
 * (the viewer then shows the full image). The stored orientation is kept, so the image's
 * `jpegRotation` applies to its thumbnail too.
 */
export function makeThumbnail(image: Uint8Array): Buffer | null {
  if (image.length > THUMBNAIL_MAX_SOURCE_BYTES) return null;
  let decoded: { width: number; height: number; data: Uint8Array };
  try {
    decoded = jpeg.decode(image, {
      useTArray: true,
      formatAsRGBA: true,
      maxResolutionInMP: 64,
      maxMemoryUsageInMB: 512,
    });
  } catch {
    return null;
  }
  const size = thumbnailSize(decoded.width, decoded.height);
  const data =
    size.width === decoded.width && size.height === decoded.height
      ? decoded.data
      : downscaleRgba(decoded.data, decoded.width, decoded.height, size.width, size.height);
  return jpeg.encode({ data, width: size.width, height: size.height }, THUMBNAIL_QUALITY).data;
}

/**
 * A camera image's reference as ingestion stores it: `thumbnailS3Url` is set when the thumbnail
 * was made; images registered before thumbnails existed have none and are shown in full.
 */
export interface ThumbnailedImageRef extends ImageRef {
  thumbnailS3Url?: string;
}
