import type { ColumnType, Generated, Kysely, Selectable } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { JobLane } from './define-job.ts';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null, Date | string | null>;

export type JobStatus = 'queued' | 'running' | 'done' | 'failed';

/** Row type of `jobs` (migrations 0002, 0014 and 0015), in the camelCase the app sees. */
export interface JobsTable {
  id: Generated<number>;
  kind: string;
  payload: ColumnType<unknown, string, string>;
  status: Generated<JobStatus>;
  attempts: Generated<number>;
  maxAttempts: number;
  runAfter: Timestamp;
  lockedBy: string | null;
  lockedUntil: NullableTimestamp;
  lastError: string | null;
  uniqueKey: string | null;
  lane: ColumnType<JobLane, JobLane | undefined, JobLane>;
  /** Whose work it is; null for jobs finished before 0015 and work of no organization. */
  organizationId: number | null;
  created: Timestamp;
  updated: Timestamp;
}

/** Row type of `pending_image_packages`: a `.luxiz` whose scans have not arrived yet. */
export interface PendingImagePackagesTable {
  objectKey: string;
  organizationId: number;
  userId: number | null;
  sessionId: string;
  missingScanIds: ColumnType<string[], string[], string[]>;
  created: Timestamp;
  lastModified: Timestamp;
}

/** Row type of `job_turns` (migration 0015): when each organization's job was last taken. */
export interface JobTurnsTable {
  organizationId: number;
  lastClaimed: Timestamp;
}

/** The tables of the job queue's migrations, kept beside the code that owns them. */
export interface JobDatabase extends Database {
  jobs: JobsTable;
  jobTurns: JobTurnsTable;
  pendingImagePackages: PendingImagePackagesTable;
}

export type JobRow = Selectable<JobsTable>;

/** The database handle with the job tables typed in. */
export function withJobTables(db: Kysely<Database>): Kysely<JobDatabase> {
  return db.withTables<{
    jobs: JobsTable;
    jobTurns: JobTurnsTable;
    pendingImagePackages: PendingImagePackagesTable;
  }>();
}
