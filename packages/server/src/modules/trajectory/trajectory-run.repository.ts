import { PACKAGE_CLOUD_VERSION } from '@asset-portal/shared';
import DataLoader from 'dataloader';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { type JobStatus, withJobTables } from '../../jobs/job-tables.ts';
import { pointCloudRepository } from '../pointclouds/point-cloud.repository.ts';
import { groupBy } from '../scans/scan.repository.ts';
import { sessionRepository } from '../sessions/session.repository.ts';

const RUN_COLUMNS = [
  'id',
  'sessionId',
  'organizationId',
  'userId',
  'basestationIds',
  'status',
  'statusMessage',
  'logS3Url',
  'ambStatusS3Url',
  'altitudeSeparationsS3Url',
  'distanceSeparationsS3Url',
  'numSatsS3Url',
  'trajectoryAuditS3Url',
  'optionsS3Url',
  'versionName',
  'metrics',
  'submitted',
  'started',
  'completed',
] as const;

/** What a finished run records. */
export interface RunOutcome {
  status: 'Completed' | 'Failed';
  statusMessage: string;
  logS3Url?: string | null;
  ambStatusS3Url?: string | null;
  altitudeSeparationsS3Url?: string | null;
  distanceSeparationsS3Url?: string | null;
  numSatsS3Url?: string | null;
  trajectoryAuditS3Url?: string | null;
  optionsS3Url?: string | null;
  versionName?: string | null;
  metrics?: unknown;
}

/** The unique key of a run's job: also how the hung-run sweep finds it. */
export function trajectoryRunJobKey(runId: number): string {
  return `trajectory-run:${runId}`;
}

/** The job of each run (joined by its unique key) in the given status, for the sweeps. */
function runJob(db: Db, status: JobStatus) {
  return withJobTables(db)
    .selectFrom('jobs')
    .select('jobs.id')
    .where(
      'jobs.uniqueKey',
      '=',
      sql<string>`'trajectory-run:' || trajectory_processing_runs.id::text`,
    )
    .where('jobs.status', '=', status);
}

/** All SQL of trajectory processing runs and what a run reads and writes. */
export const trajectoryRunRepository = {
  insert(
    db: Kysely<Database>,
    values: { sessionId: string; organizationId: number; userId: number; basestationIds: number[] },
  ) {
    return db
      .insertInto('trajectoryProcessingRuns')
      .values({ ...values, status: 'Submitted' })
      .returning(RUN_COLUMNS)
      .executeTakeFirstOrThrow();
  },

  findById(db: Db, id: number) {
    return db
      .selectFrom('trajectoryProcessingRuns')
      .select(RUN_COLUMNS)
      .where('id', '=', id)
      .executeTakeFirst();
  },

  /** Trajectory processing runs of sessions, newest first, batched per request. */
  runsBySessionLoader(db: Db) {
    return new DataLoader(
      async (sessionIds: readonly string[]) => {
        const rows = await db
          .selectFrom('trajectoryProcessingRuns')
          .select(RUN_COLUMNS)
          .where('sessionId', 'in', sessionIds)
          .orderBy('submitted', 'desc')
          .orderBy('id', 'desc')
          .execute();
        const groups = groupBy(rows, (r) => r.sessionId);
        return sessionIds.map((id) => groups.get(id) ?? []);
      },
      { maxBatchSize: 10_000 },
    );
  },

  listForSession(db: Db, sessionId: string) {
    return db
      .selectFrom('trajectoryProcessingRuns')
      .select(RUN_COLUMNS)
      .where('sessionId', '=', sessionId)
      .orderBy('submitted', 'desc')
      .orderBy('id', 'desc')
      .execute();
  },

  /** Runs of the session still waiting or running. */
  async hasOpenRun(db: Db, sessionId: string): Promise<boolean> {
    const row = await db
      .selectFrom('trajectoryProcessingRuns')
      .select('id')
      .where('sessionId', '=', sessionId)
      .where('status', 'in', ['Submitted', 'In progress', 'Hung'])
      .executeTakeFirst();
    return row !== undefined;
  },

  /** Marks a run In progress; false when it already ended (a replayed job leaves it alone). */
  async markStarted(db: Db, id: number): Promise<boolean> {
    const result = await db
      .updateTable('trajectoryProcessingRuns')
      .set({ status: 'In progress', started: sql`now()`, statusMessage: null })
      .where('id', '=', id)
      .where('status', 'in', ['Submitted', 'In progress', 'Hung'])
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  },

  async finish(db: Kysely<Database>, id: number, outcome: RunOutcome): Promise<void> {
    const { metrics, ...rest } = outcome;
    await db
      .updateTable('trajectoryProcessingRuns')
      .set({
        ...rest,
        metrics: metrics === undefined ? null : JSON.stringify(metrics),
        completed: sql`now()`,
      })
      .where('id', '=', id)
      .execute();
  },

  /**
   * Runs In progress whose job's lease ran out (its worker died) become Hung, with why; the job
   * is taken over by another worker, which sets the run In progress again. Returns how many.
   */
  async markHungRuns(db: Db): Promise<number> {
    const result = await db
      .updateTable('trajectoryProcessingRuns')
      .set({
        status: 'Hung',
        statusMessage:
          'The worker processing this run stopped before it finished; the run is taken over when a worker is free.',
      })
      .where('status', '=', 'In progress')
      .where((eb) =>
        eb.exists(runJob(db, 'running').where('jobs.lockedUntil', '<', sql<Date>`now()`)),
      )
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  },

  /** Runs Hung whose job was given up (the last attempt's worker died too) end Failed. */
  async failAbandonedRuns(db: Db): Promise<number> {
    const result = await db
      .updateTable('trajectoryProcessingRuns')
      .set({
        status: 'Failed',
        statusMessage:
          'The run was given up: the workers processing it stopped before it finished, twice.',
        completed: sql`now()`,
      })
      .where('status', 'in', ['Hung', 'In progress', 'Submitted'])
      .where((eb) => eb.exists(runJob(db, 'failed')))
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  },

  findSession: sessionRepository.findWithManifest,

  findBasestations(db: Db, ids: readonly number[]) {
    if (ids.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('basestations')
      .select([
        'id',
        'organizationId',
        'filename',
        'status',
        'point',
        'height',
        'ecef',
        'startTimestamp',
        'endTimestamp',
        'files',
      ])
      .where('id', 'in', [...ids])
      .orderBy('id')
      .execute();
  },

  /** The session's scans, each with its original (device) point cloud. */
  async scansOfSession(db: Db, sessionId: string) {
    const rows = await db
      .selectFrom('scans')
      .leftJoin('artifacts', (join) =>
        join
          .onRef('artifacts.scanId', '=', 'scans.id')
          .on('artifacts.artifactType', '=', 'pointcloud')
          .on('artifacts.name', '=', PACKAGE_CLOUD_VERSION),
      )
      .select([
        'scans.id',
        'scans.organizationId',
        'scans.projectId',
        'scans.metadata',
        'scans.capturedTimestamp',
        'artifacts.id as artifactId',
        'artifacts.s3Url',
        'artifacts.parameters',
      ])
      .where('scans.sessionId', '=', sessionId)
      .orderBy('scans.capturedTimestamp')
      .orderBy('scans.id')
      .execute();
    return rows;
  },

  /**
   * Records a scan's corrected cloud as a final version and makes it the scan's default. A
   * version of that name already recorded is kept (a run redone after its worker died past the
   * commit writes the same cloud under the same key): false then.
   */
  async addFinalVersion(
    db: Kysely<Database>,
    values: {
      scanId: string;
      name: string;
      s3Url: string;
      size: number;
      parameters: Record<string, unknown>;
    },
  ): Promise<boolean> {
    const recorded = await pointCloudRepository.findVersion(db, values.scanId, values.name);
    await db
      .updateTable('scans')
      .set({ defaultVersion: values.name, lastModified: sql`now()` })
      .where('id', '=', values.scanId)
      .execute();
    if (recorded) return false;
    await db
      .insertInto('artifacts')
      .values({
        scanId: values.scanId,
        artifactType: 'pointcloud',
        name: values.name,
        s3Url: values.s3Url,
        size: values.size,
        status: 'final',
        parameters: JSON.stringify(values.parameters),
      })
      .execute();
    return true;
  },
};
