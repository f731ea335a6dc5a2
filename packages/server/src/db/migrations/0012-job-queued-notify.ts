import { type Kysely, sql } from 'kysely';

// Append-only: never edit a migration that has shipped; add a new one.
// Worker processes apart from the one that queued a job learn of it through a notification on
// the channel `jobs_queued` instead of waiting for their next poll. PostgreSQL delivers it when
// the queueing transaction commits, so a worker that wakes finds the job. One per statement: the
// payload carries nothing, a woken worker claims whatever is due.

export async function up(db: Kysely<unknown>): Promise<void> {
  // Two statements run apart: the function's body holds semicolons (`runStatements` splits on them).
  await sql
    .raw(
      `CREATE FUNCTION notify_jobs_queued() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          PERFORM pg_notify('jobs_queued', '');
          RETURN NULL;
        END
      $$`,
    )
    .execute(db);
  await sql
    .raw(
      `CREATE TRIGGER jobs_queued_notify AFTER INSERT ON jobs
        FOR EACH STATEMENT EXECUTE FUNCTION notify_jobs_queued()`,
    )
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw('DROP TRIGGER jobs_queued_notify ON jobs').execute(db);
  await sql.raw('DROP FUNCTION notify_jobs_queued()').execute(db);
}
