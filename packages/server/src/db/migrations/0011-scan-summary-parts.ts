import { type Kysely, sql } from 'kysely';
import { runStatements } from '../run-statements.ts';

// Append-only: never edit a migration that has shipped; add a new one.
// Each scan's part of the viewer's project summary (its list and filter fields and its path
// already simplified and encoded), stored with the change marker it was computed at. A web process
// that starts, or that meets a project it does not keep, reads the parts whose marker is still the
// scan's instead of reading and encoding every scan: the stored parts are shared by every web
// process. A cache: nothing else reads it, and emptying it only costs one computation.

export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE TABLE scan_summary_parts (
      scan_id text PRIMARY KEY REFERENCES scans(id) ON DELETE CASCADE,
      marker text NOT NULL,
      part text NOT NULL
    );
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw('DROP TABLE scan_summary_parts').execute(db);
}
