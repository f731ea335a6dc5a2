import { type Kysely, sql } from 'kysely';
import { runStatements } from '../run-statements.ts';

// Append-only: never edit a migration that has shipped; add a new one.
// The upload quota counted multipart package uploads while in progress, but not the single PUT
// URLs it signs (packages, base-station zips, imported-scan sources) nor imported-scan multipart
// uploads: an organization could ask for many at once, each passing the check alone. Each such
// URL now leaves a grant, counted at its signed size until the upload is recorded (then it is
// counted as stored, and the grant deleted) or a day has passed.

export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE TABLE upload_grants (
      id serial PRIMARY KEY,
      organization_id integer NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
      key text NOT NULL,
      size bigint NOT NULL,
      created timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX upload_grants_org_key_idx ON upload_grants (organization_id, key);
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw('DROP TABLE upload_grants').execute(db);
}
