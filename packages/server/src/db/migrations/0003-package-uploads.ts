import type { Kysely } from 'kysely';
import { runStatements } from '../run-statements.ts';

// Append-only: never edit a migration that has shipped; add a new one.
// One row per package upload started through the API: which organization owns an upload id (so
// no one completes, aborts or lists another organization's upload) and where it stands.

export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE TABLE package_uploads (
      id serial PRIMARY KEY,
      organization_id integer NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
      user_id integer REFERENCES users(id) ON DELETE SET NULL,
      filename text NOT NULL,
      key text NOT NULL,
      upload_id text,
      size bigint,
      number_of_parts integer,
      status text NOT NULL DEFAULT 'uploading'
        CHECK (status IN ('uploading', 'completed', 'aborted')),
      created timestamptz NOT NULL DEFAULT now(),
      completed timestamptz
    );
    CREATE UNIQUE INDEX package_uploads_upload_id_idx ON package_uploads (upload_id)
      WHERE upload_id IS NOT NULL;
    CREATE INDEX package_uploads_org_key_idx ON package_uploads (organization_id, key);
  `,
  );
}

export async function down(): Promise<void> {
  throw new Error('Migrations are append-only; restore from a backup instead.');
}
