import { type ExpressionBuilder, type Kysely, sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';

/**
 * A version named like `name` but for case: 'UNCLASSIFIED' beside 'unclassified' would read as
 * the same version in every list and select, so a new version must differ by more than case.
 */
function sameVersionName(name: string) {
  return (eb: ExpressionBuilder<Database, 'artifacts'>) =>
    eb(eb.fn('lower', ['artifacts.name']), '=', name.toLowerCase());
}

/** SQL of post-processing: the source artifacts with their scans, and the new versions. */
export const scanProcessingRepository = {
  /** Artifacts by id, each with the scan it belongs to (absent ids are simply missing). */
  findArtifactsWithScans(db: Db, ids: readonly number[]) {
    if (ids.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('artifacts')
      .innerJoin('scans', 'scans.id', 'artifacts.scanId')
      .select([
        'artifacts.id',
        'artifacts.scanId',
        'artifacts.artifactType',
        'artifacts.name',
        'artifacts.s3Url',
        'artifacts.status',
        'scans.organizationId',
        'scans.projectId',
        'scans.metadata',
      ])
      .where('artifacts.id', 'in', [...ids])
      .execute();
  },

  /** The scans of `scanIds` with their organization, one row per pointcloud artifact (or none). */
  pointCloudsOfScans(db: Db, scanIds: readonly string[]) {
    if (scanIds.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('scans')
      .leftJoin('artifacts', (join) =>
        join
          .onRef('artifacts.scanId', '=', 'scans.id')
          .on('artifacts.artifactType', '=', 'pointcloud'),
      )
      .select(['scans.id as scanId', 'scans.organizationId', 'artifacts.s3Url'])
      .where('scans.id', 'in', [...scanIds])
      .execute();
  },

  /** The scans of `scanIds` that already hold a pointcloud artifact named `name`. */
  async scansWithVersion(db: Db, scanIds: readonly string[], name: string): Promise<Set<string>> {
    if (scanIds.length === 0) return new Set();
    const rows = await db
      .selectFrom('artifacts')
      .select('scanId')
      .where('scanId', 'in', [...scanIds])
      .where('artifactType', '=', 'pointcloud')
      .where(sameVersionName(name))
      .execute();
    return new Set(rows.map((row) => row.scanId));
  },

  /** Adds the new pointcloud version, unless the scan is gone or holds that name already. */
  async insertVersion(
    db: Kysely<Database>,
    values: {
      scanId: string;
      name: string;
      s3Url: string;
      size: number;
      status: string;
      parameters: Record<string, unknown>;
    },
  ): Promise<'inserted' | 'exists' | 'scan-gone'> {
    return db.transaction().execute(async (trx) => {
      // Serializes two jobs writing the same version of one scan.
      const scan = await trx
        .selectFrom('scans')
        .select('id')
        .where('id', '=', values.scanId)
        .forUpdate()
        .executeTakeFirst();
      if (!scan) return 'scan-gone';
      const taken = await trx
        .selectFrom('artifacts')
        .select('id')
        .where('scanId', '=', values.scanId)
        .where('artifactType', '=', 'pointcloud')
        .where(sameVersionName(values.name))
        .executeTakeFirst();
      if (taken) return 'exists';
      await trx
        .insertInto('artifacts')
        .values({
          scanId: values.scanId,
          artifactType: 'pointcloud',
          name: values.name,
          s3Url: values.s3Url,
          size: values.size,
          status: values.status,
          parameters: JSON.stringify(values.parameters),
        })
        .execute();
      // The new version becomes the scan's default, as a trajectory run's does: the viewer shows
      // it and its LOD is built; the version select switches back.
      await trx
        .updateTable('scans')
        .set({ lastModified: sql`now()`, defaultVersion: values.name })
        .where('id', '=', values.scanId)
        .execute();
      return 'inserted';
    });
  },
};

export type SourceArtifactRow = Awaited<
  ReturnType<typeof scanProcessingRepository.findArtifactsWithScans>
>[number];
