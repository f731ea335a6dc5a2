import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../../test/databases.ts';
import { factories } from '../../../test/factories.ts';
import { scanFactories } from '../../../test/factories-scans.ts';
import { databaseAt } from '../../../test/migrated-database.ts';
import { encodedViewerPath } from '../../modules/scan-summary/viewer-path.ts';
import { migrateToLatest } from '../database.ts';

describe.each(DATABASE_KINDS)('migration 0016-scan-viewer-path on %s', (kind) => {
  let drop: (() => Promise<void>) | undefined;
  afterEach(async () => drop?.());

  it("gives every existing scan with a simple path its viewer path, and moves no project's summary version", async () => {
    const at = await databaseAt(kind, '0015-job-organizations');
    drop = at.drop;
    const { db } = at;
    const org = await factories.organization(db);
    const project = await factories.project(db, org.id);
    const withPath = await scanFactories.scan(db, org.id, { projectId: project.id });
    const withoutPath = await scanFactories.scan(db, org.id, { projectId: project.id });
    await db
      .updateTable('scans')
      .set({ simplePath: null })
      .where('id', '=', withoutPath.id)
      .execute();
    const summaryVersion = async () =>
      (
        await sql<{ version: string }>`SELECT summary_version::text AS version FROM projects
        WHERE id = ${project.id}`.execute(db)
      ).rows[0]?.version;
    const versionBefore = await summaryVersion();

    await migrateToLatest(db);

    const rows = await db
      .selectFrom('scans')
      .select(['id', 'simplePath', 'viewerPath'])
      .orderBy('id')
      .execute();
    const byId = new Map(rows.map((row) => [row.id, row]));
    const filled = byId.get(withPath.id)!;
    expect(filled.viewerPath).toBe(encodedViewerPath(filled.simplePath));
    expect(filled.viewerPath).not.toBe('');
    expect(byId.get(withoutPath.id)!.viewerPath).toBeNull();
    expect(await summaryVersion()).toBe(versionBefore);
  });
});
