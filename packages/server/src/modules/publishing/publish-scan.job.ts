import { z } from 'zod';
import { defineJob } from '../../jobs/define-job.ts';
import { withCrsNote } from '../../lib/transform/crs-wkt.ts';
import { jobActivityLog } from '../activity-logs/job-activity-log.ts';
import { PublishFailure, publishScan } from './publish-scan.processor.ts';
import {
  PUBLISH_SCAN_KIND,
  publishActivityKey,
  SCAN_PUBLISHING_ACTIVITY,
} from './publishing-rules.ts';

export const publishScanPayload = z.object({
  scanId: z.string().min(1),
  sessionId: z.string().nullable(),
  projectId: z.number().int().positive(),
  bucketId: z.number().int().positive(),
  targetFolder: z.string().min(1),
  includeImages: z.boolean(),
  transform: z.boolean(),
  organizationId: z.number().int().positive(),
  userId: z.number().int().positive().nullable(),
});
export type PublishScanPayload = z.infer<typeof publishScanPayload>;

/**
 * Publishes one scan to a bucket (publish-scan.processor.ts). Progress and the outcome go to the
 * activity log (ScanPublishing, one entry per scan); a failure the bucket or the data causes is
 * not retried, anything else once more.
 */
export const publishScanJob = defineJob({
  kind: PUBLISH_SCAN_KIND,
  schema: publishScanPayload,
  maxAttempts: 2,
  backoffMs: () => 30_000,
  leaseMs: 10 * 60 * 1000,
  async run(payload, ctx) {
    const log = jobActivityLog<'Started' | 'Completed' | 'Failed'>(ctx, {
      activityType: SCAN_PUBLISHING_ACTIVITY,
      referenceKey: publishActivityKey(payload.organizationId, payload.scanId),
      userId: payload.userId,
      organizationId: payload.organizationId,
      // What was asked for, so the entry tells a transformed publish from a plain one.
      payload: {
        scanId: payload.scanId,
        bucketId: payload.bucketId,
        folder: payload.targetFolder,
        includeImages: payload.includeImages,
        transform: payload.transform,
      },
    });

    await log('Started', `Publishing scan ${payload.scanId}`);
    try {
      const outcome = await publishScan(
        { db: ctx.db, config: ctx.config, storage: ctx.storage },
        payload,
        (message) => log('Started', message),
      );
      await ctx.finish(
        await log.closing(
          'Completed',
          publishedMessage(
            payload.scanId,
            outcome.bucket,
            outcome.prefix,
            outcome.manifest.transform?.lasCrs.note,
          ),
          {
            // Every object written, manifest.json included, as fileSize counts it (spec §3).
            metrics: {
              files: outcome.manifest.files.length + 1,
              fileSize: outcome.bytes,
              points: outcome.manifest.source.pointCount,
            },
          },
        ),
      );
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      if (error instanceof PublishFailure || ctx.isLastAttempt) {
        return ctx.giveUp(
          reason,
          await log.closing('Failed', `Publishing scan ${payload.scanId} failed: ${reason}`, {}),
        );
      }
      await log(
        'Started',
        `Publishing scan ${payload.scanId}: attempt ${ctx.attempt} of ${ctx.maxAttempts} failed (${reason}); it will be tried again`,
        { attemptFailed: true },
      );
      throw error;
    }
  },
});

/** The outcome as the activity log says it; a LAS published without its CRS record says why. */
export function publishedMessage(
  scanId: string,
  bucket: string,
  prefix: string,
  crsNote?: string | null,
): string {
  // The bucket by name too: a Power User cannot open Organizations to look it up.
  return withCrsNote(`Published scan ${scanId} to bucket ${bucket}: ${prefix}`, crsNote);
}
