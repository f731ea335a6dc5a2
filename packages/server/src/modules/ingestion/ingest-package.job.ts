import path from 'node:path';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/schema.ts';
import { PackageFormatError } from '../../device-packages/manifest.ts';
import { defineJob, exponentialBackoff, PermanentJobError } from '../../jobs/define-job.ts';
import { enqueueJob } from '../../jobs/job-queue.ts';
import { LasFormatError } from '../../lib/las/las-header.ts';
import { InvalidObjectKeyError } from '../../storage/object-key.ts';
import { ObjectNotFoundError } from '../../storage/storage.ts';
import { jobActivityLog } from '../activity-logs/job-activity-log.ts';
import { IngestionError, type IngestionInput, ScansArrivedError } from './ingestion-context.ts';
import { ingestPackage } from './package-ingestion.service.ts';

export const INGEST_PACKAGE_KIND = 'ingest-package';
export const PACKAGE_INGEST_ACTIVITY = 'PackageIngest';

export const ingestPackagePayload = z.object({
  key: z.string().min(1),
  organizationId: z.number().int().positive(),
  userId: z.number().int().positive().nullable(),
});

/** Problems of the package itself: no retry can mend them. */
function isPackageProblem(error: unknown): error is Error {
  return (
    error instanceof PackageFormatError ||
    error instanceof LasFormatError ||
    error instanceof IngestionError ||
    error instanceof InvalidObjectKeyError ||
    error instanceof ObjectNotFoundError
  );
}

/** The unique key of an ingestion: one job per package while it waits or runs. */
export function ingestionUniqueKey(key: string, trigger?: string): string {
  return trigger
    ? `${INGEST_PACKAGE_KIND}:${key}:after:${trigger}`
    : `${INGEST_PACKAGE_KIND}:${key}`;
}

async function requeueImagePackage(
  trx: Kysely<Database>,
  pending: IngestionInput,
  trigger: string,
) {
  await enqueueJob(trx, ingestPackageJob, pending, {
    uniqueKey: ingestionUniqueKey(pending.key, trigger),
  });
}

/**
 * Turns an uploaded package into sessions, scans, artifacts and images. Each run writes its
 * progress and outcome to the activity log (PackageIngest, keyed by the object key); a bad
 * package ends with status Error naming the problem and leaves no rows behind.
 */
export const ingestPackageJob = defineJob({
  kind: INGEST_PACKAGE_KIND,
  schema: ingestPackagePayload,
  lane: 'background',
  maxAttempts: 5,
  backoffMs: (attempt) => exponentialBackoff(attempt, 10_000),
  leaseMs: 5 * 60 * 1000,
  async run(payload, ctx) {
    const log = jobActivityLog<'Started' | 'Completed' | 'Submitted' | 'Error'>(ctx, {
      activityType: PACKAGE_INGEST_ACTIVITY,
      referenceKey: payload.key,
      userId: payload.userId,
      organizationId: payload.organizationId,
      payload: { key: payload.key },
      entryPerJob: true,
    });
    const name = path.posix.basename(payload.key);
    await log('Started', `Ingesting ${name}`);
    try {
      const outcome = await ingestPackage(
        {
          db: ctx.db,
          config: ctx.config,
          storage: ctx.storage,
          requeueImagePackage,
          progress: (message) => log('Started', message),
        },
        payload,
      );
      await ctx.finish(
        await log.closing(outcome.status, outcome.message, { metrics: outcome.metrics }),
      );
    } catch (error) {
      if (isPackageProblem(error)) {
        await log('Error', `${name}: ${error.message}`);
        throw new PermanentJobError(error.message);
      }
      const reason = error instanceof Error ? error.message : String(error);
      const next =
        ctx.isLastAttempt || error instanceof ScansArrivedError
          ? ''
          : ` (attempt ${ctx.attempt} of ${ctx.maxAttempts}; it will be tried again)`;
      if (!(error instanceof ScansArrivedError)) {
        await log('Error', `${name}: ingestion failed: ${reason}${next}`);
      }
      throw error;
    }
  },
});
