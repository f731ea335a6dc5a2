import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../../../test/databases.ts';
import { factories } from '../../../test/factories.ts';
import { scanFactories } from '../../../test/factories-scans.ts';
import { trajectoryRunRepository as repo } from './trajectory-run.repository.ts';

describe.each(DATABASE_KINDS)('corrected versions of a run on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => database?.drop());

  it('records a version once when its run is done again after its worker died', async () => {
    const db = database.db;
    const organization = await factories.organization(db);
    const scan = await scanFactories.scan(db, organization.id);
    const version = {
      scanId: scan.id,
      name: 'ppk-run-7',
      s3Url: 's3://portal/corrected.las',
      size: 1234,
      parameters: { points: 10, trajectory_run_id: 7 },
    };
    expect(await db.transaction().execute((trx) => repo.addFinalVersion(trx, version))).toBe(true);
    // The redo writes the same cloud and finds the version recorded.
    expect(await db.transaction().execute((trx) => repo.addFinalVersion(trx, version))).toBe(false);
    const versions = await db
      .selectFrom('artifacts')
      .select(['name', 'status', 's3Url'])
      .where('scanId', '=', scan.id)
      .where('artifactType', '=', 'pointcloud')
      .execute();
    expect(versions).toEqual([{ name: 'ppk-run-7', status: 'final', s3Url: version.s3Url }]);
    const row = await db
      .selectFrom('scans')
      .select('defaultVersion')
      .where('id', '=', scan.id)
      .executeTakeFirstOrThrow();
    expect(row.defaultVersion).toBe('ppk-run-7');
  });
});
