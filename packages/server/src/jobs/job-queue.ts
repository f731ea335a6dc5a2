import { EventEmitter } from 'node:events';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../db/schema.ts';
import type { JobDefinition, JobLane } from './define-job.ts';
import { jobRepository } from './job.repository.ts';

/**
 * Tells the runners of this process that a job was queued, so they need not wait for a poll.
 * Inside a transaction that is before the commit; a runner that finds nothing then looks again
 * shortly after (`startJobRunner`).
 */
export const jobSignals = new EventEmitter();
jobSignals.setMaxListeners(0);

export interface EnqueueOptions {
  /** A job with this key is queued only once while it waits or runs. */
  uniqueKey?: string | undefined;
  /** Not before this time (default now). */
  runAfter?: Date | undefined;
  /**
   * Default the kind's. `interactive` for work of a background kind that a person has just asked
   * for (the level of detail of a scan they imported).
   */
  lane?: JobLane | undefined;
  /**
   * The organization whose work it is: within a lane, a free worker takes first the job of the
   * organization whose job was taken longest ago, so one organization's batch does not hold back
   * another's. Default: the payload's `organizationId` when it holds one (most payloads do), else
   * null, work of no organization, which the turns never hold back.
   */
  organizationId?: number | null | undefined;
}

/** The organization a payload names, when it names one. */
function payloadOrganization(payload: unknown): number | null {
  const id = (payload as { organizationId?: unknown } | null)?.organizationId;
  return typeof id === 'number' ? id : null;
}

/**
 * Queues a job after validating its payload. Inside a transaction (`db` a Transaction) the job
 * appears when the transaction commits. Returns the job id and whether it was created.
 */
export async function enqueueJob<Schema extends z.ZodType>(
  db: Kysely<Database>,
  job: JobDefinition<Schema>,
  payload: z.input<Schema>,
  options: EnqueueOptions = {},
): Promise<{ id: number; created: boolean }> {
  const parsed = job.schema.parse(payload);
  const result = await jobRepository.insert(db, {
    kind: job.kind,
    payload: parsed,
    lane: options.lane ?? job.lane,
    organizationId:
      options.organizationId === undefined ? payloadOrganization(parsed) : options.organizationId,
    maxAttempts: job.maxAttempts,
    runAfter: options.runAfter,
    uniqueKey: options.uniqueKey,
  });
  if (result.created) jobSignals.emit('enqueued', job.kind);
  return result;
}
