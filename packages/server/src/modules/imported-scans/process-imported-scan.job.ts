import { IMPORTED_SCAN_FAILED } from '@asset-portal/shared';
import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { defineJob, exponentialBackoff } from '../../jobs/define-job.ts';
import { enqueueJob } from '../../jobs/job-queue.ts';
import { LasFormatError } from '../../lib/las/las-header.ts';
import { InvalidObjectKeyError } from '../../storage/object-key.ts';
import { ObjectNotFoundError } from '../../storage/storage.ts';
import { jobActivityLog } from '../activity-logs/job-activity-log.ts';
import {
  ImportedScanError,
  type ProcessImportedScanRequest,
  processImportedScanFile,
} from './imported-scan.processor.ts';
import { importedScanRepository } from './imported-scan.repository.ts';
import {
  IMPORTED_SCAN_ACTIVITY,
  importedActivityKey,
  importedJobKey,
  PROCESS_IMPORTED_SCAN_KIND,
} from './imported-scan-rules.ts';

export const processImportedScanPayload = z.object({
  scanId: z.string().min(1),
  organizationId: z.number().int().positive(),
  s3Url: z.string().min(1),
  determineTrajectory: z.boolean(),
  userId: z.number().int().positive().nullable(),
});

/** Problems of the file or the scan: no retry can mend them. */
function isPermanent(error: unknown): error is Error {
  return (
    error instanceof ImportedScanError ||
    error instanceof LasFormatError ||
    error instanceof ObjectNotFoundError ||
    error instanceof InvalidObjectKeyError
  );
}

/** Queues the scan's processing (inside the caller's transaction); false when already queued. */
export async function enqueueImportedScanProcessing(
  db: Db,
  request: ProcessImportedScanRequest,
): Promise<boolean> {
  const { created } = await enqueueJob(db, processImportedScanJob, request, {
    uniqueKey: importedJobKey(request.scanId),
  });
  return created;
}

/**
 * Turns an imported scan's uploaded LAS into its point cloud, footprint and path
 * (docs/imported-scans-and-layers.md). Progress and outcome go to the activity log
 * (ImportedScanProcessing, keyed `org-<org>/imported-<scan>`): Started with the points read so
 * far, then Completed, or Failed naming the problem; a failure leaves the scan as it was.
 */
export const processImportedScanJob = defineJob({
  kind: PROCESS_IMPORTED_SCAN_KIND,
  schema: processImportedScanPayload,
  maxAttempts: 3,
  backoffMs: (attempt) => exponentialBackoff(attempt, 30_000),
  leaseMs: 10 * 60 * 1000,
  async run(payload, ctx) {
    const log = jobActivityLog<'Started' | 'Completed' | 'Failed'>(ctx, {
      activityType: IMPORTED_SCAN_ACTIVITY,
      referenceKey: importedActivityKey(payload.organizationId, payload.scanId),
      userId: payload.userId,
      organizationId: payload.organizationId,
      payload: {
        scanId: payload.scanId,
        s3Url: payload.s3Url,
        determineTrajectory: payload.determineTrajectory,
      },
    });

    // Named as the user typed it: the id alone says nothing on Activity Logs.
    const friendlyName = (await importedScanRepository.findById(ctx.db, payload.scanId))
      ?.friendlyName;
    const scan = friendlyName ? `'${friendlyName}' (${payload.scanId})` : payload.scanId;
    await log('Started', `Processing imported scan ${scan}`);
    try {
      const outcome = await processImportedScanFile(
        { db: ctx.db, config: ctx.config, storage: ctx.storage },
        payload,
        (message, metrics) => log('Started', message, { metrics }),
      );
      const notes = outcome.notes.length > 0 ? `. ${outcome.notes.join('. ')}` : '';
      await ctx.finish(
        await log.closing(
          'Completed',
          `Processed imported scan ${scan}: ${outcome.points.toLocaleString('en-US')} points${notes}`,
          { metrics: outcome },
        ),
      );
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      if (isPermanent(error) || ctx.isLastAttempt) {
        return ctx.giveUp(
          reason,
          await log.closing('Failed', IMPORTED_SCAN_FAILED(payload.scanId, reason), {}),
        );
      }
      await log(
        'Started',
        `Processing imported scan ${scan}: attempt ${ctx.attempt} of ${ctx.maxAttempts} failed (${reason}); it will be tried again`,
        { attemptFailed: true },
      );
      throw error;
    }
  },
});
