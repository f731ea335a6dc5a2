import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { defineJob, exponentialBackoff } from '../../jobs/define-job.ts';
import { enqueueJob } from '../../jobs/job-queue.ts';
import { putBytes, readBytes } from '../../storage/object-bytes.ts';
import { ObjectNotFoundError, type ObjectStorage } from '../../storage/storage.ts';
import { jobActivityLog } from '../activity-logs/job-activity-log.ts';
import { storageUrl } from '../ingestion/ingestion-context.ts';
import {
  makeThumbnail,
  THUMBNAIL_MAX_SOURCE_BYTES,
  type ThumbnailedImageRef,
  thumbnailKey,
} from './image-thumbnails.ts';
import {
  CAMERA_COLUMNS,
  type CameraColumn,
  scanImageRepository as repo,
} from './scan-image.repository.ts';
import { imageObjectKey, portalBucket } from './scan-image-rules.ts';

export const SCAN_IMAGE_THUMBNAILS_KIND = 'scan-image-thumbnails';
export const SCAN_IMAGE_THUMBNAILS_ACTIVITY = 'ScanImageThumbnails';

/** Images read, shrunk and stored at once: the store's latency hides behind the decoding. */
const LANES = 4;

const payloadSchema = z.object({
  scanId: z.string().min(1),
  // Who uploaded the images, named by the job's entry (absent in jobs queued before it was kept).
  userId: z.number().int().positive().nullable().optional(),
});

interface Pending {
  id: number;
  column: CameraColumn;
  ref: ThumbnailedImageRef;
  key: string;
}

/** Makes, stores and records the thumbnail of one image; an image that does not decode keeps none. */
async function thumbnailOne(
  db: Db,
  storage: ObjectStorage,
  bucketUrl: (key: string) => string,
  item: Pending,
) {
  const info = await storage.head(item.key);
  if (!info || info.size > THUMBNAIL_MAX_SOURCE_BYTES) return false;
  let image: Buffer;
  try {
    image = await readBytes(storage, item.key);
  } catch (error) {
    if (error instanceof ObjectNotFoundError) return false;
    throw error;
  }
  const thumbnail = await makeThumbnail(image);
  if (!thumbnail) return false;
  const key = thumbnailKey(item.key);
  await putBytes(storage, key, thumbnail, 'image/jpeg');
  await repo.setImageRef(db, item.id, item.column, { ...item.ref, thumbnailS3Url: bucketUrl(key) });
  return true;
}

/**
 * Makes the thumbnails of a scan's camera images after its `.luxiz` was ingested, so decoding
 * JPEGs never holds up ingestion; until a thumbnail exists the viewer shows the full image.
 * Idempotent: images that have a thumbnail are skipped, so a retry carries on where it stopped.
 */
export const scanImageThumbnailsJob = defineJob({
  kind: SCAN_IMAGE_THUMBNAILS_KIND,
  schema: payloadSchema,
  lane: 'background',
  maxAttempts: 3,
  backoffMs: (attempt) => exponentialBackoff(attempt, 30_000),
  async run(payload, ctx) {
    const scan = await repo.findScanOwner(ctx.db, payload.scanId);
    if (!scan) return;
    // Like every job, it tells in the activity log what it did (keyed by the scan).
    const log = jobActivityLog<'Started' | 'Completed' | 'Error'>(ctx, {
      activityType: SCAN_IMAGE_THUMBNAILS_ACTIVITY,
      referenceKey: scan.id,
      userId: payload.userId ?? null,
      organizationId: scan.organizationId,
      payload: { scanId: scan.id },
    });
    const storage = ctx.storage;
    const bucket = portalBucket(ctx.config);
    const pending: Pending[] = [];
    for (const row of await repo.framesOfScan(ctx.db, scan.id)) {
      for (const column of CAMERA_COLUMNS) {
        const ref = row[column];
        if (!ref || ref.thumbnailS3Url) continue;
        const key = imageObjectKey(ref.s3Url, bucket, scan.organizationId);
        if (key) pending.push({ id: row.id, column, ref, key });
      }
    }
    const bucketUrl = (key: string) => storageUrl(ctx.config, key);
    let next = 0;
    await log('Started', `Making thumbnails of ${pending.length} image(s) of scan ${scan.id}`);
    let made = 0;
    try {
      const counting = async () => {
        while (next < pending.length) {
          if (await thumbnailOne(ctx.db, storage, bucketUrl, pending[next++]!)) made += 1;
        }
      };
      await Promise.all(Array.from({ length: LANES }, counting));
    } catch (error) {
      const retry = ctx.isLastAttempt ? '' : ' (it will be tried again)';
      await log(
        'Error',
        `Thumbnails of scan ${scan.id} failed: ${(error as Error).message}${retry}`,
      );
      throw error;
    }
    const skipped = pending.length - made;
    await ctx.finish(
      await log.closing(
        'Completed',
        `Made ${made} thumbnail(s) of scan ${scan.id}` +
          (skipped > 0 ? `; ${skipped} image(s) too large or not decodable keep none` : ''),
        { metrics: { images: pending.length, thumbnails: made } },
      ),
    );
  },
});

/** Queues the thumbnails of a scan's images (once while queued or running per package). */
export function enqueueScanImageThumbnails(
  db: Kysely<Database>,
  scan: { id: string; organizationId: number },
  packageKey: string,
  userId: number | null,
) {
  return enqueueJob(
    db,
    scanImageThumbnailsJob,
    { scanId: scan.id, userId },
    {
      uniqueKey: `${SCAN_IMAGE_THUMBNAILS_KIND}:${scan.id}:${packageKey}`,
      organizationId: scan.organizationId,
    },
  );
}
