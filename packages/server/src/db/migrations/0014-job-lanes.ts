import { type Kysely, sql } from 'kysely';
import { runStatements } from '../run-statements.ts';

// Append-only: never edit a migration that has shipped; add a new one.
// A job's lane was its kind's: a level-of-detail build was background work even when a person
// had just asked for it (an imported scan saved, a pipeline run), and waited behind the builds of
// every package ingested before. The lane is now the job's own, set when it is queued. Jobs
// waiting at the upgrade keep the lane their kind had.

export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    ALTER TABLE jobs ADD COLUMN lane text NOT NULL DEFAULT 'interactive'
      CHECK (lane IN ('interactive', 'background'));
    UPDATE jobs SET lane = 'background'
      WHERE kind IN ('ingest-package', 'build-point-cloud-lod', 'scan-image-thumbnails');
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw('ALTER TABLE jobs DROP COLUMN lane').execute(db);
}
