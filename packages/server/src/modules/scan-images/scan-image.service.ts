import type { ImageRef } from '../../db/schema.ts';
import { gpsSecondsToUtc } from '../../device-packages/gps-time.ts';
import type { RequestContext } from '../../graphql/context.ts';
import { NotFoundError } from '../../graphql/errors.ts';
import { scanPolicy } from '../../policies/scan.policy.ts';
import { scanImageRepository as repo } from './scan-image.repository.ts';
import { IMAGE_URL_SECONDS, imageKeys, portalBucket } from './scan-image-rules.ts';

async function signedImage(
  ctx: RequestContext,
  ref: ImageRef | null,
  bucket: string,
  organizationId: number,
) {
  const keys = imageKeys(ref, bucket, organizationId);
  if (!ref || !keys) return null;
  const [url, thumbnailUrl] = await Promise.all([
    ctx.storage.presignGet(keys.image, IMAGE_URL_SECONDS),
    ctx.storage.presignGet(keys.thumbnail, IMAGE_URL_SECONDS),
  ]);
  return { url, thumbnailUrl, jpegRotation: ref.jpegRotation ?? 0 };
}

function capturedAt(gpsTime: number | null): Date | null {
  if (gpsTime === null) return null;
  try {
    return gpsSecondsToUtc(gpsTime);
  } catch {
    // GPS times before 1999 (no leap-second table) have no stated date.
    return null;
  }
}

/** Short-lived links to the camera images of one frame of a scan the caller may see. */
export const scanImageService = {
  /**
   * One frame's left, center and right images, full size and thumbnail, each a presigned GET of
   * one object. A scan of another organization answers 'Not found', like a missing scan or frame.
   */
  async frameUrls(ctx: RequestContext, scanId: string, frame: number) {
    const scan = await repo.findScanOwner(ctx.db, scanId);
    if (!scan || !scanPolicy.canRead(ctx.viewer, scan.organizationId)) throw new NotFoundError();
    const row = await repo.findFrame(ctx.db, scanId, frame);
    if (!row) throw new NotFoundError();
    const bucket = portalBucket(ctx.config);
    const expiresAt = new Date(Date.now() + IMAGE_URL_SECONDS * 1000);
    const [left, center, right] = await Promise.all(
      [row.leftImage, row.centerImage, row.rightImage].map((ref) =>
        signedImage(ctx, ref, bucket, scan.organizationId),
      ),
    );
    return {
      scanId,
      frame: row.frame,
      gpsTime: row.gpsTime,
      capturedAt: capturedAt(row.gpsTime),
      lat: row.lat,
      lon: row.lon,
      expiresAt,
      left,
      center,
      right,
    };
  },
};
