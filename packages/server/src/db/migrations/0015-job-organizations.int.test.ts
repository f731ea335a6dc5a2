import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../../test/databases.ts';
import { factories } from '../../../test/factories.ts';
import { scanFactories } from '../../../test/factories-scans.ts';
import { databaseAt } from '../../../test/migrated-database.ts';
import { migrateToLatest } from '../database.ts';

describe.each(DATABASE_KINDS)('migration 0015-job-organizations on %s', (kind) => {
  let drop: (() => Promise<void>) | undefined;
  afterEach(async () => drop?.());

  it('gives waiting and running jobs their organization, from payload, base station or scan', async () => {
    const at = await databaseAt(kind, '0014-job-lanes');
    drop = at.drop;
    const { db } = at;
    const mine = await factories.organization(db, { name: 'Mine' });
    const theirs = await factories.organization(db, { name: 'Theirs' });
    const scan = await scanFactories.scan(db, theirs.id);
    const { id: basestationId } = await db
      .insertInto('basestations')
      .values({
        organizationId: theirs.id,
        projectId: null,
        filename: 'base.zip',
        s3Url: `s3://portal/org-${theirs.id}/project-none/basestations/base.zip`,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const jobs: [string, string, unknown][] = [
      ['process-scan', 'queued', { organizationId: mine.id }],
      ['ingest-package', 'running', { organizationId: theirs.id }],
      ['process-basestation', 'queued', { basestationId }],
      ['scan-image-thumbnails', 'queued', { scanId: scan.id }],
      // Finished: nobody waits for it.
      ['process-scan', 'done', { organizationId: mine.id }],
      // Not an organization's id: left without one rather than failing the upgrade.
      ['process-scan', 'queued', { organizationId: String(mine.id) }],
      ['process-scan', 'queued', { organizationId: 1.5 }],
      ['process-scan', 'queued', { organizationId: 999_999 }],
      ['process-basestation', 'queued', { basestationId: 'x' }],
      ['scan-image-thumbnails', 'queued', { scanId: 'SC-none' }],
    ];
    for (const [jobKind, status, payload] of jobs) {
      await sql`insert into jobs (kind, status, payload, max_attempts)
        values (${jobKind}, ${status}, ${JSON.stringify(payload)}, 5)`.execute(db);
    }
    await migrateToLatest(db);
    const { rows } = await sql<{ organizationId: number | null }>`
      select organization_id from jobs order by id`.execute(db);
    expect(rows.map((row) => row.organizationId)).toEqual([
      mine.id,
      theirs.id,
      theirs.id,
      theirs.id,
      null,
      null,
      null,
      null,
      null,
      null,
    ]);
    const { rows: turns } = await sql`select * from job_turns`.execute(db);
    expect(turns).toEqual([]);
  });
});
