import type { ColumnType, Generated, Kysely, Selectable } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { JobLane } from './define-job.ts';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null, Date | string | null>;

export type JobStatus = 'queued' | 'running' | 'done' | 'failed';

/** Row type of `jobs` (migrations 0002 and 0014), in the camelCase the app sees. */
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

/** The tables of migration 0002, kept beside the code that owns them. */
export interface JobDatabase extends Database {
  jobs: JobsTable;
  pendingImagePackages: PendingImagePackagesTable;
}

export type JobRow = Selectable<JobsTable>;

/** The database handle with the job tables typed in. */
export function withJobTables(db: Kysely<Database>): Kysely<JobDatabase> {
  return db.withTables<{ jobs: JobsTable; pendingImagePackages: PendingImagePackagesTable }>();
}
