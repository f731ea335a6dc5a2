import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { withJobTables } from '../../jobs/job-tables.ts';

type Db = Kysely<Database>;

export interface ScanCloudRow {
  scanId: string;
  organizationId: number;
  scanMetadata: Record<string, unknown> | null;
  artifactId: number | null;
  s3Url: string | null;
  size: number | null;
  parameters: Record<string, unknown> | null;
}

/** SQL of point-cloud streaming: scans with their point-cloud artifact, and LOD records. */
export const pointCloudRepository = {
  /** The scan's point-cloud version named `name`, if any (names are unique within a scan). */
  findVersion(db: Db, scanId: string, name: string) {
    return db
      .selectFrom('artifacts')
      .select(['id', 's3Url', 'size', 'parameters'])
      .where('scanId', '=', scanId)
      .where('artifactType', '=', 'pointcloud')
      .where('name', '=', name)
      .executeTakeFirst();
  },

  /**
   * The scans of `ids` that exist, each with its point-cloud artifact of the default version, or
   * else its first one (if any).
   */
  async findScanClouds(db: Db, ids: readonly string[]): Promise<ScanCloudRow[]> {
    if (ids.length === 0) return [];
    const rows = await db
      .selectFrom('scans')
      .leftJoin('artifacts', (join) =>
        join
          .onRef('artifacts.scanId', '=', 'scans.id')
          .on('artifacts.artifactType', '=', 'pointcloud'),
      )
      .select([
        'scans.id as scanId',
        'scans.organizationId',
        'scans.metadata as scanMetadata',
        'artifacts.id as artifactId',
        'artifacts.s3Url',
        'artifacts.size',
        'artifacts.parameters',
      ])
      .where('scans.id', 'in', [...ids])
      .orderBy('scans.id')
      // The scan's default version first (a corrected cloud once a trajectory run passed).
      .orderBy(sql`artifacts.name IS NOT DISTINCT FROM scans.default_version`, 'desc')
      .orderBy('artifacts.id')
      .execute();
    const first = new Map<string, ScanCloudRow>();
    for (const row of rows) {
      if (!first.has(row.scanId)) {
        first.set(row.scanId, {
          ...row,
          size: row.size === null ? null : Number(row.size),
        } as ScanCloudRow);
      }
    }
    return [...first.values()];
  },

  /**
   * Records a finished build, only while the artifact still names the cloud it was built from
   * (a re-ingestion may have replaced it meanwhile). Returns false when it did not.
   */
  async recordLod(
    db: Db,
    artifactId: number,
    source: { s3Url: string; size: number | null },
    lod: Record<string, unknown>,
  ): Promise<boolean> {
    const result = await db
      .updateTable('artifacts')
      .set({
        parameters: sql`coalesce(parameters, '{}'::jsonb) || ${JSON.stringify({ lod })}::jsonb`,
        lastModified: sql`now()`,
      })
      .where('id', '=', artifactId)
      .where('s3Url', '=', source.s3Url)
      .where(sql<boolean>`size IS NOT DISTINCT FROM ${source.size}::bigint`)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  },

  /** Forgets a build that no longer matches its cloud. */
  async clearLod(db: Db, artifactId: number): Promise<void> {
    await db
      .updateTable('artifacts')
      .set({ parameters: sql`parameters - 'lod'`, lastModified: sql`now()` })
      .where('id', '=', artifactId)
      .where(sql<boolean>`(parameters -> 'lod') IS NOT NULL`)
      .execute();
  },

  /** The status of the latest job of each unique key given (absent when there is none). */
  async latestJobStatuses(db: Db, uniqueKeys: readonly string[]): Promise<Map<string, string>> {
    if (uniqueKeys.length === 0) return new Map();
    const rows = await withJobTables(db)
      .selectFrom('jobs')
      .select(['uniqueKey', 'status'])
      .where('uniqueKey', 'in', [...uniqueKeys])
      .orderBy('id')
      .execute();
    return new Map(rows.map((row) => [row.uniqueKey!, row.status]));
  },
};
