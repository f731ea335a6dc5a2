import type { Kysely } from 'kysely';
import { runStatements } from '../run-statements.ts';

// Append-only. The background job queue (src/jobs/), the image packages waiting for their scans,
// and the index ingestion looks artifacts up by.

export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE TABLE jobs (
      id bigserial PRIMARY KEY,
      kind text NOT NULL,
      payload jsonb NOT NULL,
      status text NOT NULL DEFAULT 'queued'
        CHECK (status IN ('queued', 'running', 'done', 'failed')),
      attempts integer NOT NULL DEFAULT 0,
      max_attempts integer NOT NULL DEFAULT 5 CHECK (max_attempts >= 1),
      run_after timestamptz NOT NULL DEFAULT now(),
      locked_by text,
      locked_until timestamptz,
      last_error text,
      unique_key text,
      created timestamptz NOT NULL DEFAULT now(),
      updated timestamptz NOT NULL DEFAULT now()
    );
    -- The same job is queued at most once while it waits or runs; once finished it may run again.
    CREATE UNIQUE INDEX jobs_unique_active_idx ON jobs (unique_key)
      WHERE unique_key IS NOT NULL AND status IN ('queued', 'running');
    CREATE INDEX jobs_queued_idx ON jobs (run_after, id) WHERE status = 'queued';
    CREATE INDEX jobs_running_idx ON jobs (locked_until) WHERE status = 'running';

    CREATE TABLE pending_image_packages (
      object_key text PRIMARY KEY,
      organization_id integer NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
      user_id integer REFERENCES users(id) ON DELETE SET NULL,
      session_id text NOT NULL,
      missing_scan_ids text[] NOT NULL,
      created timestamptz NOT NULL DEFAULT now(),
      last_modified timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX pending_image_packages_session_idx ON pending_image_packages (session_id);

    CREATE INDEX artifacts_scan_type_name_idx ON artifacts (scan_id, artifact_type, name);
    `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    DROP INDEX artifacts_scan_type_name_idx;
    DROP TABLE pending_image_packages;
    DROP TABLE jobs;
    `,
  );
}
