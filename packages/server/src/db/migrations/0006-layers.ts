import { type Kysely, sql } from 'kysely';
import { runStatements } from '../run-statements.ts';

// Append-only: never edit a migration that has shipped; add a new one.
// Project layers keep their feature count and source size, so lists need not parse 16 MiB
// sources; a layer is in at most one group; a global group names the organization it is global
// to (null: every organization), and a project group keeps its project's organization.

export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    ALTER TABLE project_layers
      ADD COLUMN feature_count integer NOT NULL DEFAULT 0,
      ADD COLUMN source_bytes integer NOT NULL DEFAULT 0;
    UPDATE project_layers SET source_bytes = octet_length(source);

    -- Of several groups of one layer, the oldest stays.
    DELETE FROM vendor_layers AS a USING vendor_layers AS b
      WHERE a.layer_id = b.layer_id AND a.vendor_id > b.vendor_id;
    CREATE UNIQUE INDEX vendor_layers_layer_idx ON vendor_layers (layer_id);
    CREATE INDEX vendor_layers_vendor_idx ON vendor_layers (vendor_id);

    UPDATE vendors SET organization_id = projects.organization_id
      FROM projects WHERE vendors.project_id = projects.id;
    CREATE INDEX vendors_organization_idx ON vendors (organization_id);
  `,
  );
  await fillFeatureCounts(db);
}

/**
 * Counted in code, one row at a time: a source that is not valid JSON would make a SQL cast
 * fail the whole migration, and sources are up to 16 MiB each.
 */
async function fillFeatureCounts(db: Kysely<unknown>): Promise<void> {
  const { rows: ids } = await sql<{
    id: number;
  }>`SELECT id FROM project_layers ORDER BY id`.execute(db);
  for (const { id } of ids) {
    const { rows } = await sql<{
      source: string;
    }>`SELECT source FROM project_layers WHERE id = ${id}`.execute(db);
    const count = featureCount(rows[0]?.source);
    if (count > 0) {
      await sql`UPDATE project_layers SET feature_count = ${count} WHERE id = ${id}`.execute(db);
    }
  }
}

function featureCount(source: string | undefined): number {
  try {
    const features = (JSON.parse(source ?? '') as { features?: unknown }).features;
    return Array.isArray(features) ? features.length : 0;
  } catch {
    return 0;
  }
}

export async function down(): Promise<void> {
  throw new Error('Migrations are append-only; restore from a backup instead.');
}
