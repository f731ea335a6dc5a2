import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../../test/databases.ts';
import { databaseAt } from '../../../test/migrated-database.ts';
import { migrateToLatest } from '../database.ts';

describe.each(DATABASE_KINDS)('migration 0014-job-lanes on %s', (kind) => {
  let drop: (() => Promise<void>) | undefined;
  afterEach(async () => drop?.());

  it('keeps waiting jobs in the lane their kind had, and refuses a lane it does not know', async () => {
    const at = await databaseAt(kind, '0013-upload-grants');
    drop = at.drop;
    const { db } = at;
    const kinds = ['ingest-package', 'build-point-cloud-lod', 'scan-image-thumbnails', 'run-ppk'];
    for (const jobKind of kinds) {
      await sql`insert into jobs (kind, payload, max_attempts) values (${jobKind}, '{}', 5)`.execute(
        db,
      );
    }
    await migrateToLatest(db);
    const { rows } = await sql<{ kind: string; lane: string }>`
      select kind, lane from jobs order by id`.execute(db);
    expect(rows).toEqual([
      { kind: 'ingest-package', lane: 'background' },
      { kind: 'build-point-cloud-lod', lane: 'background' },
      { kind: 'scan-image-thumbnails', lane: 'background' },
      { kind: 'run-ppk', lane: 'interactive' },
    ]);
    await expect(
      sql`insert into jobs (kind, payload, max_attempts, lane) values ('x', '{}', 5, 'soon')`.execute(
        db,
      ),
    ).rejects.toThrow();
  });
});
