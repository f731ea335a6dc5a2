import { type Kysely, sql } from 'kysely';

// Append-only: never edit a migration that has shipped; add a new one.
// A new summary version reads again only the scans whose change marker moved. The marker was the
// row versions of the scan and of all its artifacts, so finding the changed scans read every
// artifact of the project. Writing to a scan's artifacts now writes to the scan row itself, in
// the writing statement, whoever writes: the scan's row version then covers its artifacts, and
// the markers are read from the scans alone.
//
// Only the artifact fields the summary's scan part reads count (id, scan, type, name, status):
// a level-of-detail build rewriting the parameters, or a new url, leaves the scan's part as it
// was. A changed row is one whose (id, those fields) is not found unchanged on the other side of
// the update; a moved artifact thus bumps the scan it leaves and the one it joins. The scans
// summary trigger (0009) compares listed fields only, so this write never bumps the project's
// summary version. The triggers are named to run before 0009's on artifacts: the scan rows are
// locked before the project row, in the order an update of the scans takes them.

const statements = [
  'ALTER TABLE scans ADD COLUMN artifacts_version bigint NOT NULL DEFAULT 0',
  `CREATE FUNCTION artifacts_bump_scan_version() RETURNS trigger LANGUAGE plpgsql AS $$
     DECLARE
       scan_ids text[];
     BEGIN
       IF TG_OP = 'INSERT' THEN
         scan_ids := ARRAY(SELECT DISTINCT scan_id FROM scan_new_rows);
       ELSIF TG_OP = 'DELETE' THEN
         -- A scan's deletion deletes its artifacts too: that scan is already gone then.
         scan_ids := ARRAY(SELECT DISTINCT scan_id FROM scan_old_rows);
       ELSE
         scan_ids := ARRAY(
           SELECT DISTINCT changed.scan_id FROM (
             (SELECT id, scan_id, artifact_type, name, status FROM scan_old_rows
              EXCEPT ALL
              SELECT id, scan_id, artifact_type, name, status FROM scan_new_rows)
             UNION ALL
             (SELECT id, scan_id, artifact_type, name, status FROM scan_new_rows
              EXCEPT ALL
              SELECT id, scan_id, artifact_type, name, status FROM scan_old_rows)
           ) AS changed);
       END IF;
       -- No statement on scans at all when nothing the summary reads changed.
       IF cardinality(scan_ids) > 0 THEN
         UPDATE scans SET artifacts_version = artifacts_version + 1 WHERE id = ANY (scan_ids);
       END IF;
       RETURN NULL;
     END
   $$`,
  `CREATE TRIGGER artifacts_scan_version_insert AFTER INSERT ON artifacts
     REFERENCING NEW TABLE AS scan_new_rows
     FOR EACH STATEMENT EXECUTE FUNCTION artifacts_bump_scan_version()`,
  `CREATE TRIGGER artifacts_scan_version_update AFTER UPDATE ON artifacts
     REFERENCING OLD TABLE AS scan_old_rows NEW TABLE AS scan_new_rows
     FOR EACH STATEMENT EXECUTE FUNCTION artifacts_bump_scan_version()`,
  `CREATE TRIGGER artifacts_scan_version_delete AFTER DELETE ON artifacts
     REFERENCING OLD TABLE AS scan_old_rows
     FOR EACH STATEMENT EXECUTE FUNCTION artifacts_bump_scan_version()`,
];

// Function bodies hold semicolons, so each statement runs on its own (not runStatements).
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const event of ['insert', 'update', 'delete']) {
    await sql.raw(`DROP TRIGGER artifacts_scan_version_${event} ON artifacts`).execute(db);
  }
  await sql.raw('DROP FUNCTION artifacts_bump_scan_version()').execute(db);
  await sql.raw('ALTER TABLE scans DROP COLUMN artifacts_version').execute(db);
}
