import { type Kysely, sql } from 'kysely';
import { runStatements } from '../run-statements.ts';

// Append-only: never edit a migration that has shipped; add a new one.
// Every organization's jobs shared one queue in the order they were queued: a bulk processing of
// five hundred scans held back another organization's single run until the last was done. A job
// now names the organization whose work it is, and the queue keeps when each organization's job
// was last taken: within a lane, a free worker takes the job of the organization whose turn is
// the oldest (the claim, src/jobs/job.repository.ts). Jobs waiting or running at the upgrade are
// given their organization from their payload, their base station or their scan; the finished
// ones keep none.

export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    ALTER TABLE jobs ADD COLUMN organization_id integer
      REFERENCES organizations(id) ON DELETE SET NULL;
    UPDATE jobs SET organization_id = organizations.id
      FROM organizations
      WHERE jobs.status IN ('queued', 'running')
        AND jsonb_typeof(jobs.payload -> 'organizationId') = 'number'
        AND organizations.id = (jobs.payload ->> 'organizationId')::numeric;
    UPDATE jobs SET organization_id = basestations.organization_id
      FROM basestations
      WHERE jobs.status IN ('queued', 'running') AND jobs.kind = 'process-basestation'
        AND jsonb_typeof(jobs.payload -> 'basestationId') = 'number'
        AND basestations.id = (jobs.payload ->> 'basestationId')::numeric;
    UPDATE jobs SET organization_id = scans.organization_id
      FROM scans
      WHERE jobs.status IN ('queued', 'running') AND jobs.kind = 'scan-image-thumbnails'
        AND scans.id = jobs.payload ->> 'scanId';
    CREATE TABLE job_turns (
      organization_id integer PRIMARY KEY REFERENCES organizations(id) ON DELETE CASCADE,
      last_claimed timestamptz NOT NULL
    );
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw('DROP TABLE job_turns').execute(db);
  await sql.raw('ALTER TABLE jobs DROP COLUMN organization_id').execute(db);
}
