import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { AppConfig } from '../config/config.ts';
import type { Db } from '../db/database.ts';
import { inTransaction } from '../db/in-transaction.ts';
import { createLogger, type Logger } from '../lib/logger.ts';
import { createObjectStorage } from '../storage/create-object-storage.ts';
import type { ObjectStorage } from '../storage/storage.ts';
import { type JobDefinition, type JobLane, PermanentJobError } from './define-job.ts';
import { jobRepository } from './job.repository.ts';
import { listenForQueuedJobs } from './job-notifications.ts';
import { jobSignals } from './job-queue.ts';
import type { JobRow } from './job-tables.ts';

export interface JobRunnerOptions {
  db: Db;
  config: AppConfig;
  jobs: readonly JobDefinition[];
  /** The object store the jobs use (default: the configured one). */
  storage?: ObjectStorage;
  /** Where the runner and its jobs log (default: a pino logger at LOG_LEVEL). */
  log?: Logger;
  /** Jobs of any lane run at once by this process (default 1). */
  concurrency?: number;
  /**
   * Slots beyond `concurrency` that take interactive jobs only (default 0), so that a person's
   * job starts even while every other slot runs a long background build.
   */
  interactiveSlots?: number;
  /**
   * How often an idle runner looks for due jobs (default 1 s). Jobs queued in this process wake
   * it at once, and on a PostgreSQL server (`config.databaseUrl`) so do jobs queued by any other.
   */
  pollMs?: number;
  /** Names the worker in `locked_by`; unique per runner by default. */
  workerId?: string;
}

export interface JobRunner {
  workerId: string;
  /** Stops claiming and waits for the running jobs to finish. */
  stop(): Promise<void>;
}

export function newWorkerId(): string {
  return `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
}

/** Rolls back a finishing write whose job another worker holds now. */
class LeaseLost extends Error {}

function describeError(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Claims one due job and runs it to its end (done, queued again with backoff, or failed): an
 * interactive job before any background one, then the oldest. With `lane: 'interactive'` only
 * interactive jobs are taken. Returns false when no job was due. The lease is renewed while the
 * job runs, so only a worker that died leaves its job to be taken over when the lease runs out.
 */
export async function runNextJob(
  options: JobRunnerOptions & { workerId: string; lane?: JobLane | 'any' },
) {
  const { db, workerId } = options;
  const { jobs } = options;
  if (jobs.length === 0) return false;
  const byKind = new Map(jobs.map((job) => [job.kind, job]));
  const leaseOf = (job: JobDefinition) => options.config.jobLeaseMs ?? job.leaseMs;
  // The kind is known only once claimed: claimed for the longest lease, then held for its own,
  // so that a job of a dead worker is taken over after its kind's lease, not the longest one.
  const longest = Math.max(...jobs.map(leaseOf));
  const row = await jobRepository.claim(db, [...byKind.keys()], workerId, longest, options.lane);
  if (!row) return false;
  const job = byKind.get(row.kind)!;
  const leaseMs = leaseOf(job);
  if (leaseMs < longest) await jobRepository.extendLease(db, row.id, workerId, leaseMs);
  await execute(row, job, options, leaseMs);
  return true;
}

/** What every job of a runner shares: its store and its log. */
function runnerTools(options: JobRunnerOptions): { storage: ObjectStorage; log: Logger } {
  return {
    storage: options.storage ?? createObjectStorage(options.config),
    log: options.log ?? createLogger(options.config, 'jobs'),
  };
}

async function execute(
  row: JobRow,
  job: JobDefinition,
  options: JobRunnerOptions & { workerId: string },
  leaseMs: number,
) {
  const { db, workerId } = options;
  const { storage, log } = runnerTools(options);
  if (row.attempts > row.maxAttempts) {
    // Taken over after a lease ran out on the last attempt: that attempt counts.
    const last = row.lastError ? ` (last error: ${row.lastError})` : '';
    await jobRepository.fail(
      db,
      row.id,
      workerId,
      `Gave up after ${row.maxAttempts} attempts; the last one ended without finishing${last}`,
    );
    return;
  }
  const parsed = job.schema.safeParse(row.payload);
  if (!parsed.success) {
    await jobRepository.fail(db, row.id, workerId, `Invalid payload: ${parsed.error.message}`);
    return;
  }
  const heartbeat = setInterval(
    () => {
      jobRepository
        .extendLease(db, row.id, workerId, leaseMs)
        .catch((error) => log.error({ err: error, jobId: row.id }, 'lease renewal failed'));
    },
    Math.max(50, Math.floor(leaseMs / 3)),
  );
  heartbeat.unref();
  let finished = false;
  let gaveUp = false;
  /** The job's last write and its end, together; false (nothing written) when it was taken over. */
  const endWith = (write: (trx: Db) => Promise<unknown>, end: (trx: Db) => Promise<boolean>) =>
    inTransaction(db, async (trx) => {
      await write(trx);
      if (await end(trx)) return true;
      throw new LeaseLost();
    }).catch((error: unknown) => {
      if (error instanceof LeaseLost) return false;
      throw error;
    });
  const finish = async (write: (trx: Db) => Promise<unknown>) => {
    const held = await endWith(write, (trx) => jobRepository.complete(trx, row.id, workerId));
    if (!held) log.warn({ jobId: row.id }, 'job taken over by another worker before it finished');
    finished = true;
  };
  const giveUp = async (reason: string, write: (trx: Db) => Promise<unknown>): Promise<never> => {
    const held = await endWith(write, (trx) => jobRepository.fail(trx, row.id, workerId, reason));
    if (!held) log.warn({ jobId: row.id }, 'job taken over by another worker before it gave up');
    gaveUp = true;
    throw new PermanentJobError(reason);
  };
  try {
    await job.run(parsed.data, {
      db,
      config: options.config,
      storage,
      log: log.child({ jobId: row.id, kind: row.kind }),
      jobId: row.id,
      attempt: row.attempts,
      maxAttempts: row.maxAttempts,
      isLastAttempt: row.attempts >= row.maxAttempts,
      finish,
      giveUp,
    });
    clearInterval(heartbeat);
    if (!finished) await jobRepository.complete(db, row.id, workerId);
  } catch (error) {
    clearInterval(heartbeat);
    // Ended by giveUp (or taken over before it could be): nothing is left to record.
    if (gaveUp) return;
    const message = describeError(error);
    if (error instanceof PermanentJobError || row.attempts >= row.maxAttempts) {
      await jobRepository.fail(db, row.id, workerId, message);
    } else {
      await jobRepository.retryLater(db, row.id, workerId, job.backoffMs(row.attempts), message);
    }
  } finally {
    clearInterval(heartbeat);
  }
}

/** When a runner looks again after a signal that found no job, before its next poll. */
const RECHECK_AFTER_SIGNAL_MS = [50, 200, 800];

/**
 * What ended an idle runner's wait: a job queued in this process (maybe not yet committed), a
 * notification from the database (committed), or neither.
 */
type Wake = 'queued' | 'committed' | 'timeout';

/**
 * Starts `concurrency` loops that claim and run jobs of any lane, and `interactiveSlots` loops that
 * claim interactive jobs only, until stopped.
 */
export function startJobRunner(options: JobRunnerOptions): JobRunner {
  const workerId = options.workerId ?? newWorkerId();
  // One store and one log for every job this runner runs.
  const tools = runnerTools(options);
  options = { ...options, ...tools };
  const pollMs = options.pollMs ?? 1000;
  const concurrency = Math.max(1, options.concurrency ?? 1);
  let stopping = false;
  const sleepers = new Set<(wake: Wake) => void>();
  const wakeAll = (wake: Wake) => {
    for (const sleeper of [...sleepers]) sleeper(wake);
  };
  const notifications =
    options.config.databaseUrl === undefined
      ? undefined
      : listenForQueuedJobs({
          url: options.config.databaseUrl,
          log: tools.log,
          onQueued: () => wakeAll('committed'),
        });

  /** Waits `ms` or until a job is queued. */
  const waitForWork = (ms: number) =>
    new Promise<Wake>((resolve) => {
      const finish = (wake: Wake) => {
        clearTimeout(timer);
        jobSignals.off('enqueued', onSignal);
        sleepers.delete(finish);
        resolve(wake);
      };
      const onSignal = () => finish('queued');
      const timer = setTimeout(() => finish('timeout'), ms);
      jobSignals.on('enqueued', onSignal);
      sleepers.add(finish);
    });

  const loop = async (lane: JobLane | 'any') => {
    let rechecks: number[] = [];
    while (!stopping) {
      let ran = false;
      try {
        ran = await runNextJob({ ...options, workerId, lane });
      } catch (error) {
        tools.log.error({ err: error, workerId }, 'job runner failed');
      }
      if (ran) rechecks = [];
      if (ran || stopping) continue;
      // A job queued inside a transaction signals before the commit: after a signal that found
      // nothing, look again shortly, then fall back to the poll. A notification comes after the
      // commit; finding nothing then means another worker was first.
      if ((await waitForWork(rechecks.shift() ?? pollMs)) === 'queued') {
        rechecks = [...RECHECK_AFTER_SIGNAL_MS];
      }
    }
  };
  const interactiveSlots = Math.max(0, options.interactiveSlots ?? 0);
  const loops = [
    ...Array.from({ length: concurrency }, () => loop('any')),
    ...Array.from({ length: interactiveSlots }, () => loop('interactive')),
  ];

  return {
    workerId,
    async stop() {
      stopping = true;
      wakeAll('timeout');
      await Promise.all([...loops, notifications?.stop()]);
    },
  };
}
