import { type Kysely, sql } from 'kysely';
import { encodedViewerPath } from '../../modules/scan-summary/viewer-path.ts';
import type { LineString } from '../schema.ts';

// Append-only: never edit a migration that has shipped; add a new one.
// Each scan's path as the viewer's summary sends it (simplified and encoded), written with its
// simple path: a project's summary then reads a short text per scan rather than converting every
// simple path's jsonb to text, the largest cost of a whole computation. A cache of simple_path:
// where it is null the summary computes it. So that a writer of simple_path alone cannot leave a
// stale one, a row trigger clears a viewer path the update did not change along with it (a new
// path that encodes as the old one is cleared too: one computation, not a wrong path). The
// backfill uses the summary's own encoder, whatever it is when this runs: the column is a cache.

const statements = [
  'ALTER TABLE scans ADD COLUMN viewer_path text',
  `CREATE FUNCTION scans_clear_viewer_path() RETURNS trigger LANGUAGE plpgsql AS $$
     BEGIN
       NEW.viewer_path := NULL;
       RETURN NEW;
     END
   $$`,
  `CREATE TRIGGER scans_viewer_path_stale BEFORE UPDATE ON scans
     FOR EACH ROW
     WHEN (OLD.simple_path IS DISTINCT FROM NEW.simple_path
       AND OLD.viewer_path IS NOT DISTINCT FROM NEW.viewer_path)
     EXECUTE FUNCTION scans_clear_viewer_path()`,
];

/** Existing scans are given their viewer path this many at a time. */
const BACKFILL_BATCH = 1_000;

export async function up(db: Kysely<unknown>): Promise<void> {
  // The function body holds semicolons, so each statement runs on its own (not runStatements).
  for (const statement of statements) await sql.raw(statement).execute(db);
  let after = '';
  for (;;) {
    const { rows } = await sql<{ id: string; simplePath: LineString }>`
      SELECT id, simple_path AS "simplePath" FROM scans
      WHERE simple_path IS NOT NULL AND id > ${after}
      ORDER BY id LIMIT ${BACKFILL_BATCH}`.execute(db);
    if (rows.length === 0) break;
    const paths = rows.map((row) => ({ id: row.id, path: encodedViewerPath(row.simplePath) }));
    await sql`
      UPDATE scans SET viewer_path = given.path
      FROM jsonb_to_recordset(${JSON.stringify(paths)}::jsonb) AS given(id text, path text)
      WHERE scans.id = given.id`.execute(db);
    after = rows[rows.length - 1]?.id ?? after;
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw('DROP TRIGGER scans_viewer_path_stale ON scans').execute(db);
  await sql.raw('DROP FUNCTION scans_clear_viewer_path()').execute(db);
  await sql.raw('ALTER TABLE scans DROP COLUMN viewer_path').execute(db);
}
