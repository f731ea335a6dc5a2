import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { JobLane } from './define-job.ts';
import { type JobRow, withJobTables } from './job-tables.ts';

export interface NewJob {
  kind: string;
  payload: unknown;
  lane: JobLane;
  organizationId?: number | null | undefined;
  maxAttempts: number;
  runAfter?: Date | undefined;
  uniqueKey?: string | null | undefined;
}

const msInterval = (ms: number) =>
  sql<Date>`now() + ${Math.max(0, Math.round(ms))} * interval '1 millisecond'`;

/** All SQL of the job queue. Times come from the database clock, so every worker agrees. */
export const jobRepository = {
  /**
   * Adds a job; with a unique key, a job of that key already queued or running is returned
   * instead (created: false), moved to the interactive lane if this one is interactive: a person
   * now waits for it.
   */
  async insert(db: Kysely<Database>, job: NewJob): Promise<{ id: number; created: boolean }> {
    const jdb = withJobTables(db);
    const inserted = await jdb
      .insertInto('jobs')
      .values({
        kind: job.kind,
        payload: JSON.stringify(job.payload),
        lane: job.lane,
        organizationId: job.organizationId ?? null,
        maxAttempts: job.maxAttempts,
        runAfter: job.runAfter ?? sql<Date>`now()`,
        uniqueKey: job.uniqueKey ?? null,
      })
      .onConflict((oc) =>
        oc
          .column('uniqueKey')
          .where('uniqueKey', 'is not', null)
          .where('status', 'in', ['queued', 'running'])
          .doNothing(),
      )
      .returning('id')
      .executeTakeFirst();
    if (inserted) return { id: inserted.id, created: true };
    const existing = await jdb
      .selectFrom('jobs')
      .select('id')
      .where('uniqueKey', '=', job.uniqueKey ?? '')
      .where('status', 'in', ['queued', 'running'])
      .executeTakeFirst();
    // The other job may have finished between the two statements: queue ours after all.
    if (!existing) return jobRepository.insert(db, job);
    if (job.lane === 'interactive') {
      await jdb
        .updateTable('jobs')
        .set({ lane: 'interactive' })
        .where('id', '=', existing.id)
        .where('lane', '<>', 'interactive')
        .execute();
    }
    return { id: existing.id, created: false };
  },

  /**
   * Takes the next due job of the given kinds: a queued one whose time has come, or a running one
   * whose lease ran out (its worker died). Interactive jobs come before every background one.
   * Within a lane the organizations take turns: the job of the organization whose job was taken
   * longest ago (or never) comes first, so one organization's batch does not hold back another's
   * single job; a job of no organization is never held back. Then the oldest first. With
   * `lane: 'interactive'` only interactive jobs are taken. Rows locked by another claimer are
   * skipped, so two workers never take the same job.
   */
  async claim(
    db: Kysely<Database>,
    kinds: readonly string[],
    workerId: string,
    leaseMs: number,
    lane: JobLane | 'any' = 'any',
  ): Promise<JobRow | undefined> {
    if (kinds.length === 0) return undefined;
    const jdb = withJobTables(db);
    // One statement: the job taken and its organization's turn are written together.
    return jdb
      .with('taken', (q) =>
        q
          .updateTable('jobs')
          .set((eb) => ({
            status: 'running',
            attempts: eb('attempts', '+', 1),
            lockedBy: workerId,
            lockedUntil: msInterval(leaseMs),
            updated: sql<Date>`now()`,
          }))
          .where('id', '=', (eb) =>
            eb
              .selectFrom('jobs as due')
              .leftJoin('jobTurns as turn', 'turn.organizationId', 'due.organizationId')
              .select('due.id')
              .where('due.kind', 'in', [...kinds])
              .$if(lane !== 'any', (w) => w.where('due.lane', '=', lane as JobLane))
              .where((w) =>
                w.or([
                  w.and([
                    w('due.status', '=', 'queued'),
                    w('due.runAfter', '<=', sql<Date>`now()`),
                  ]),
                  w.and([
                    w('due.status', '=', 'running'),
                    w('due.lockedUntil', '<', sql<Date>`now()`),
                  ]),
                ]),
              )
              // 'interactive' sorts after 'background', so descending puts it first. Only the
              // due jobs are sorted, without an index; the turns are one row an organization.
              .orderBy('due.lane', 'desc')
              .orderBy('turn.lastClaimed', (ob) => ob.asc().nullsFirst())
              .orderBy('due.runAfter')
              .orderBy('due.id')
              .limit(1)
              .forUpdate('due')
              .skipLocked(),
          )
          .returningAll(),
      )
      .with('turn', (q) =>
        q
          .insertInto('jobTurns')
          .columns(['organizationId', 'lastClaimed'])
          .expression((eb) =>
            eb
              .selectFrom('taken')
              .select(['taken.organizationId', sql<Date>`clock_timestamp()`.as('lastClaimed')])
              .where('taken.organizationId', 'is not', null),
          )
          .onConflict((oc) =>
            oc
              .column('organizationId')
              .doUpdateSet((eb) => ({ lastClaimed: eb.ref('excluded.lastClaimed') })),
          ),
      )
      .selectFrom('taken')
      .selectAll()
      .executeTakeFirst();
  },

  /** Extends the lease of a job this worker still holds; false when it lost the job. */
  async extendLease(db: Kysely<Database>, id: number, workerId: string, leaseMs: number) {
    const result = await withJobTables(db)
      .updateTable('jobs')
      .set({ lockedUntil: msInterval(leaseMs), updated: sql<Date>`now()` })
      .where('id', '=', id)
      .where('status', '=', 'running')
      .where('lockedBy', '=', workerId)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },

  /** Marks a held job done; false when its lease had run out and another worker took it. */
  async complete(db: Kysely<Database>, id: number, workerId: string) {
    const result = await withJobTables(db)
      .updateTable('jobs')
      .set({ status: 'done', lockedBy: null, lockedUntil: null, updated: sql<Date>`now()` })
      .where('id', '=', id)
      .where('status', '=', 'running')
      .where('lockedBy', '=', workerId)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },

  /** Queues a held job again after `delayMs`, keeping the error. */
  async retryLater(
    db: Kysely<Database>,
    id: number,
    workerId: string,
    delayMs: number,
    error: string,
  ) {
    await withJobTables(db)
      .updateTable('jobs')
      .set({
        status: 'queued',
        runAfter: msInterval(delayMs),
        lockedBy: null,
        lockedUntil: null,
        lastError: error,
        updated: sql<Date>`now()`,
      })
      .where('id', '=', id)
      .where('status', '=', 'running')
      .where('lockedBy', '=', workerId)
      .execute();
  },

  /** Gives a held job up for good. */
  /** Ends a held job as failed; false when this worker no longer holds it. */
  async fail(db: Kysely<Database>, id: number, workerId: string, error: string) {
    const result = await withJobTables(db)
      .updateTable('jobs')
      .set({
        status: 'failed',
        lockedBy: null,
        lockedUntil: null,
        lastError: error,
        updated: sql<Date>`now()`,
      })
      .where('id', '=', id)
      .where('status', '=', 'running')
      .where('lockedBy', '=', workerId)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },

  findById(db: Kysely<Database>, id: number): Promise<JobRow | undefined> {
    return withJobTables(db).selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst();
  },

  list(db: Kysely<Database>, kind?: string): Promise<JobRow[]> {
    let query = withJobTables(db).selectFrom('jobs').selectAll().orderBy('id');
    if (kind) query = query.where('kind', '=', kind);
    return query.execute();
  },
};
