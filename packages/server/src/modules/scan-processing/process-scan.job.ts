import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/schema.ts';
import { defineJob, exponentialBackoff } from '../../jobs/define-job.ts';
import { enqueueJob } from '../../jobs/job-queue.ts';
import { LasFormatError } from '../../lib/las/las-header.ts';
import { withCrsNote } from '../../lib/transform/crs-wkt.ts';
import { InvalidObjectKeyError } from '../../storage/object-key.ts';
import { ObjectNotFoundError } from '../../storage/storage.ts';
import { jobActivityLog } from '../activity-logs/job-activity-log.ts';
import { PipelineRunError } from '../processing/pipeline-engine/pipeline-engine.ts';
import {
  type ProcessScanRequest,
  processScanVersion,
  ScanProcessingError,
} from './scan-processing.processor.ts';
import {
  classCountsText,
  PROCESS_SCAN_KIND,
  processActivityKey,
  processJobKey,
  SCAN_PROCESSING_ACTIVITY,
} from './scan-processing-rules.ts';

export const processScanPayload = z.object({
  scanId: z.string().min(1),
  artifactId: z.number().int().positive(),
  name: z.string().min(1),
  pipeline: z.string().min(1),
  organizationId: z.number().int().positive(),
  userId: z.number().int().positive().nullable(),
});

/** Problems of the submission or of the cloud itself: no retry can mend them. */
function isPermanent(error: unknown): error is Error {
  return (
    error instanceof ScanProcessingError ||
    error instanceof PipelineRunError ||
    error instanceof LasFormatError ||
    error instanceof ObjectNotFoundError ||
    error instanceof InvalidObjectKeyError
  );
}

/** Queues one scan's processing (inside the caller's transaction); false when already queued. */
export async function enqueueScanProcessing(
  db: Kysely<Database>,
  request: ProcessScanRequest,
): Promise<boolean> {
  const { created } = await enqueueJob(db, processScanJob, request, {
    uniqueKey: processJobKey(request.scanId, request.name),
  });
  return created;
}

/**
 * Runs a submitted pipeline on one scan and stores the result as a new pointcloud version
 * (docs/processing-and-publishing.md). Progress and outcome go to the activity log
 * (ScanProcessing, keyed `org-<org>/process-<scan>-<name>`): Started with the percentage done,
 * then Completed with the points kept, or Failed naming the problem.
 */
export const processScanJob = defineJob({
  kind: PROCESS_SCAN_KIND,
  schema: processScanPayload,
  maxAttempts: 3,
  backoffMs: (attempt) => exponentialBackoff(attempt, 30_000),
  leaseMs: 10 * 60 * 1000,
  async run(payload, ctx) {
    const log = jobActivityLog<'Started' | 'Completed' | 'Failed'>(ctx, {
      activityType: SCAN_PROCESSING_ACTIVITY,
      referenceKey: processActivityKey(payload.organizationId, payload.scanId, payload.name),
      userId: payload.userId,
      organizationId: payload.organizationId,
      payload: { scanId: payload.scanId, artifactId: payload.artifactId, name: payload.name },
    });

    const subject = `scan ${payload.scanId} as version ${payload.name}`;
    await log('Started', `Processing ${subject}`);
    try {
      const outcome = await processScanVersion(
        { db: ctx.db, config: ctx.config, storage: ctx.storage },
        payload,
        (message, metrics) => log('Started', message, { metrics }),
      );
      const { crsNote, ...metrics } = outcome;
      const classes = classCountsText(outcome.classes);
      await ctx.finish(
        await log.closing(
          'Completed',
          withCrsNote(
            `Processed ${subject}: kept ${outcome.points.toLocaleString('en-US')} of ${outcome.pointsIn.toLocaleString('en-US')} points${classes ? ` (${classes})` : ''}`,
            crsNote,
          ),
          { metrics },
        ),
      );
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const detail = error instanceof ScanProcessingError ? error.detail : null;
      if (isPermanent(error) || ctx.isLastAttempt) {
        return ctx.giveUp(
          reason,
          await log.closing(
            'Failed',
            `Processing ${subject} failed: ${reason}`,
            detail ? { metrics: { detail } } : {},
          ),
        );
      }
      await log(
        'Started',
        `Processing ${subject}: attempt ${ctx.attempt} of ${ctx.maxAttempts} failed (${reason}); it will be tried again`,
        { attemptFailed: true },
      );
      throw error;
    }
  },
});
