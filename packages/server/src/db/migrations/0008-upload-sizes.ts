import type { Kysely } from 'kysely';
import { runStatements } from '../run-statements.ts';

// Append-only: never edit a migration that has shipped; add a new one.
// The upload quota sums what each organization has uploaded: packages already record their
// size; a base station now records the size of its uploaded zip and an imported scan the size
// of its submitted source file. Rows from before stay null (unknown, counted as 0).

export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    ALTER TABLE basestations ADD COLUMN upload_size bigint;
    ALTER TABLE imported_scans ADD COLUMN source_size bigint;
    CREATE INDEX package_uploads_org_status_idx ON package_uploads (organization_id, status);
  `,
  );
}
