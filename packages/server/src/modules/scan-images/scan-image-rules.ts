import type { AppConfig } from '../../config/config.ts';
import type { ImageRef } from '../../db/schema.ts';
import { EMBEDDED_BUCKET } from '../../storage/embedded-storage.ts';
import { isScopedKey } from '../../storage/object-key.ts';
import type { ThumbnailedImageRef } from './image-thumbnails.ts';

/** How long the links to one frame's images live: long enough to step back and forth a while. */
export const IMAGE_URL_SECONDS = 600;

/** The bucket the portal stores images in (the configured one, or the embedded store's). */
export function portalBucket(config: AppConfig): string {
  return config.storage.kind === 's3' ? config.storage.bucket : EMBEDDED_BUCKET;
}

/**
 * The object key an image's `s3://<bucket>/<key>` names, when it is in the portal's bucket and
 * under the scan organization's prefix; null otherwise, so a stored reference can never make the
 * portal sign another organization's or another bucket's object.
 */
export function imageObjectKey(
  s3Url: string | undefined,
  bucket: string,
  organizationId: number,
): string | null {
  const prefix = `s3://${bucket}/`;
  if (!s3Url?.startsWith(prefix)) return null;
  const key = s3Url.slice(prefix.length);
  return isScopedKey(key, organizationId) ? key : null;
}

/** The keys to sign for one camera image: the thumbnail, or the image itself when it has none. */
export function imageKeys(
  ref: ImageRef | null,
  bucket: string,
  organizationId: number,
): { image: string; thumbnail: string } | null {
  if (!ref) return null;
  const image = imageObjectKey(ref.s3Url, bucket, organizationId);
  if (!image) return null;
  const thumbnailUrl = (ref as ThumbnailedImageRef).thumbnailS3Url;
  const thumbnail = thumbnailUrl ? imageObjectKey(thumbnailUrl, bucket, organizationId) : null;
  return { image, thumbnail: thumbnail ?? image };
}
