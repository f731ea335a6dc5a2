import type { z } from 'zod';
import type { AppConfig } from '../config/config.ts';
import type { Db } from '../db/database.ts';
import type { Logger } from '../lib/logger.ts';
import type { ObjectStorage } from '../storage/storage.ts';

/** What a running job may use. */
export interface JobContext {
  db: Db;
  config: AppConfig;
  /** The object store, one instance for the worker. */
  storage: ObjectStorage;
  /** The worker's log, naming this job's id and kind. */
  log: Logger;
  jobId: number;
  /** 1 on the first run. */
  attempt: number;
  maxAttempts: number;
  /** True when this is the last attempt: a failure now gives the job up. */
  isLastAttempt: boolean;
  /**
   * Runs the job's last write (its Completed entry) in the transaction that marks the job done,
   * so the activity log never says Completed of a job a dead worker left to be run again. A job
   * that lost its lease meanwhile writes nothing: the worker that took it over will.
   */
  finish(write: (db: Db) => Promise<unknown>): Promise<void>;
  /**
   * Gives the job up for `reason`, its last write (its Failed entry) in the transaction that marks
   * it failed, so the activity log never says Failed of a job a dead worker left to be run again.
   * Never returns: the runner has ended the job. A job that lost its lease writes nothing.
   */
  giveUp(reason: string, write: (db: Db) => Promise<unknown>): Promise<never>;
}

/**
 * Which work a job is. `interactive`: a person asked for it on a screen and waits for it (processing
 * a base station, a trajectory or a scan, publishing, an imported scan). `background`: work an
 * upload sets off that nobody waits on (a package's ingestion, its level of detail, its
 * thumbnails). Interactive jobs are claimed first and have a slot of their own in each worker, so
 * a long background build never keeps a person waiting. A kind has a lane; a job queued for a
 * person may be given the interactive lane whatever its kind's (`EnqueueOptions.lane`).
 */
export type JobLane = 'interactive' | 'background';

/** A kind of job: its payload schema, its retry policy and the work itself. */
export interface JobDefinition<Schema extends z.ZodType = z.ZodType> {
  kind: string;
  schema: Schema;
  /** The lane of its jobs unless they are queued with another. */
  lane: JobLane;
  /** Runs before the job is given up (default 5). */
  maxAttempts: number;
  /** Wait before attempt `attempt + 1` after attempt `attempt` failed. */
  backoffMs(attempt: number): number;
  /** How long a worker holds the job without renewing; the runner renews it while it runs. */
  leaseMs: number;
  run(payload: z.infer<Schema>, ctx: JobContext): Promise<void>;
}

/** A failure that no retry can mend (bad input): the job is given up at once. */
export class PermanentJobError extends Error {
  override name = 'PermanentJobError';
}

export const DEFAULT_MAX_ATTEMPTS = 5;
export const DEFAULT_LEASE_MS = 5 * 60 * 1000;
const BACKOFF_BASE_MS = 5_000;
const BACKOFF_CAP_MS = 60 * 60 * 1000;

/** 5 s, 10 s, 20 s, … doubling per failed attempt, at most one hour. */
export function exponentialBackoff(attempt: number, baseMs = BACKOFF_BASE_MS): number {
  return Math.min(BACKOFF_CAP_MS, baseMs * 2 ** Math.max(0, attempt - 1));
}

/** Declares a job kind with a typed, validated payload and its retry policy. */
export function defineJob<Schema extends z.ZodType>(definition: {
  kind: string;
  schema: Schema;
  /** Default `interactive`. */
  lane?: JobLane;
  maxAttempts?: number;
  backoffMs?: (attempt: number) => number;
  leaseMs?: number;
  run(payload: z.infer<Schema>, ctx: JobContext): Promise<void>;
}): JobDefinition<Schema> {
  return {
    kind: definition.kind,
    schema: definition.schema,
    lane: definition.lane ?? 'interactive',
    maxAttempts: definition.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
    backoffMs: definition.backoffMs ?? ((attempt) => exponentialBackoff(attempt)),
    leaseMs: definition.leaseMs ?? DEFAULT_LEASE_MS,
    run: definition.run,
  };
}
