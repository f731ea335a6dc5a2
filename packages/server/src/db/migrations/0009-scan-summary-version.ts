import { type Kysely, sql } from 'kysely';

// Append-only: never edit a migration that has shipped; add a new one.
// The viewer's project summary is computed once per project version and shared by every viewer,
// so the version must change with every write that changes the summary, whoever makes it (the
// web role, the worker's jobs, a script). Triggers bump it in the writing transaction itself:
// no repository can forget it. Statement triggers with transition tables: one bump per
// statement and project however many rows it writes. A scan bumps the project it leaves and the
// one it joins; an artifact bumps its scan's project only when a field the summary carries
// changes (a level-of-detail build rewrites only the parameters).

const statements = [
  'ALTER TABLE projects ADD COLUMN summary_version bigint NOT NULL DEFAULT 0',
  `CREATE FUNCTION bump_project_summary_version(project_ids integer[]) RETURNS void
     LANGUAGE sql AS $$
       UPDATE projects SET summary_version = summary_version + 1
       WHERE id = ANY (project_ids)
     $$`,
  `CREATE FUNCTION scans_bump_summary_version() RETURNS trigger LANGUAGE plpgsql AS $$
     BEGIN
       IF TG_OP = 'INSERT' THEN
         PERFORM bump_project_summary_version(ARRAY(
           SELECT DISTINCT project_id FROM summary_new_rows WHERE project_id IS NOT NULL));
       ELSIF TG_OP = 'DELETE' THEN
         PERFORM bump_project_summary_version(ARRAY(
           SELECT DISTINCT project_id FROM summary_old_rows WHERE project_id IS NOT NULL));
       ELSE
         PERFORM bump_project_summary_version(ARRAY(
           SELECT DISTINCT p.project_id
           FROM summary_old_rows o
           JOIN summary_new_rows n ON n.id = o.id
           CROSS JOIN LATERAL (VALUES (o.project_id), (n.project_id)) AS p (project_id)
           WHERE p.project_id IS NOT NULL
             AND (o.project_id, o.friendly_name, o.session_id, o.assignment_type, o.device_id,
                  o.type, o.tags, o.length, o.metadata, o.comment, o.default_version,
                  o.captured_timestamp, o.end_captured_timestamp, o.friendly_location_name,
                  o.simple_path, o.last_modified)
               IS DISTINCT FROM
                 (n.project_id, n.friendly_name, n.session_id, n.assignment_type, n.device_id,
                  n.type, n.tags, n.length, n.metadata, n.comment, n.default_version,
                  n.captured_timestamp, n.end_captured_timestamp, n.friendly_location_name,
                  n.simple_path, n.last_modified)));
       END IF;
       RETURN NULL;
     END
   $$`,
  `CREATE FUNCTION artifacts_bump_summary_version() RETURNS trigger LANGUAGE plpgsql AS $$
     BEGIN
       IF TG_OP = 'INSERT' THEN
         PERFORM bump_project_summary_version(ARRAY(
           SELECT DISTINCT s.project_id FROM summary_new_rows a JOIN scans s ON s.id = a.scan_id
           WHERE s.project_id IS NOT NULL));
       ELSIF TG_OP = 'DELETE' THEN
         -- A scan's deletion deletes its artifacts too; the scan's own trigger bumps then.
         PERFORM bump_project_summary_version(ARRAY(
           SELECT DISTINCT s.project_id FROM summary_old_rows a JOIN scans s ON s.id = a.scan_id
           WHERE s.project_id IS NOT NULL));
       ELSE
         PERFORM bump_project_summary_version(ARRAY(
           SELECT DISTINCT s.project_id
           FROM summary_old_rows o
           JOIN summary_new_rows n ON n.id = o.id
           JOIN scans s ON s.id IN (o.scan_id, n.scan_id)
           WHERE s.project_id IS NOT NULL
             AND (o.scan_id, o.artifact_type, o.name, o.url, o.s3_url, o.status)
               IS DISTINCT FROM (n.scan_id, n.artifact_type, n.name, n.url, n.s3_url, n.status)));
       END IF;
       RETURN NULL;
     END
   $$`,
  ...['scans', 'artifacts'].flatMap((table) => [
    `CREATE TRIGGER ${table}_summary_version_insert AFTER INSERT ON ${table}
       REFERENCING NEW TABLE AS summary_new_rows
       FOR EACH STATEMENT EXECUTE FUNCTION ${table}_bump_summary_version()`,
    `CREATE TRIGGER ${table}_summary_version_update AFTER UPDATE ON ${table}
       REFERENCING OLD TABLE AS summary_old_rows NEW TABLE AS summary_new_rows
       FOR EACH STATEMENT EXECUTE FUNCTION ${table}_bump_summary_version()`,
    `CREATE TRIGGER ${table}_summary_version_delete AFTER DELETE ON ${table}
       REFERENCING OLD TABLE AS summary_old_rows
       FOR EACH STATEMENT EXECUTE FUNCTION ${table}_bump_summary_version()`,
  ]),
];

// Function bodies hold semicolons, so each statement runs on its own (not runStatements).
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['scans', 'artifacts']) {
    for (const event of ['insert', 'update', 'delete']) {
      await sql.raw(`DROP TRIGGER ${table}_summary_version_${event} ON ${table}`).execute(db);
    }
    await sql.raw(`DROP FUNCTION ${table}_bump_summary_version()`).execute(db);
  }
  await sql.raw('DROP FUNCTION bump_project_summary_version(integer[])').execute(db);
  await sql.raw('ALTER TABLE projects DROP COLUMN summary_version').execute(db);
}
