import type { Kysely } from 'kysely';
import { runStatements } from '../run-statements.ts';

// Append-only: never edit a migration that has shipped; add a new one.
// A job's log entry is identified by its reference key within its organization: a key used in one
// organization no longer names (or reveals) an entry of another.

export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    DROP INDEX activity_logs_reference_idx;
    CREATE UNIQUE INDEX activity_logs_reference_idx
      ON activity_logs (activity_type, reference_key, organization_id) NULLS NOT DISTINCT
      WHERE reference_key IS NOT NULL;
    `,
  );
}
