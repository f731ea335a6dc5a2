import type { Kysely } from 'kysely';
import { runStatements } from '../run-statements.ts';

// Append-only: never edit a migration that has shipped; add a new one.
// Base-station files as read from their RINEX headers, the sessions each one matched when it was
// uploaded ('Recommended'), and what a trajectory processing run needs to be audited and resumed.

export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    ALTER TABLE basestations
      ADD COLUMN user_id integer REFERENCES users(id) ON DELETE SET NULL,
      ADD COLUMN status_message text,
      ADD COLUMN marker_name text,
      ADD COLUMN height double precision,
      ADD COLUMN antenna_height double precision,
      ADD COLUMN interval_seconds double precision,
      ADD COLUMN rinex_version text,
      ADD COLUMN files jsonb NOT NULL DEFAULT '[]'::jsonb;
    CREATE INDEX basestations_org_idx ON basestations (organization_id);
    CREATE UNIQUE INDEX basestations_org_filename_idx ON basestations (organization_id, filename);

    CREATE TABLE basestation_session_matches (
      basestation_id integer NOT NULL REFERENCES basestations(id) ON DELETE CASCADE,
      session_id text NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
      distance_km double precision,
      created timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (basestation_id, session_id)
    );
    CREATE INDEX basestation_session_matches_session_idx
      ON basestation_session_matches (session_id);

    ALTER TABLE trajectory_processing_runs
      ADD COLUMN organization_id integer REFERENCES organizations(id) ON DELETE CASCADE,
      ADD COLUMN options_s3_url text,
      ADD COLUMN version_name text;
    CREATE INDEX trajectory_runs_basestations_idx
      ON trajectory_processing_runs USING gin (basestation_ids);
  `,
  );
}

export async function down(): Promise<void> {
  throw new Error('Migrations are append-only; restore from a backup instead.');
}
