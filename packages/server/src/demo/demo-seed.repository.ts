import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { withJobTables } from '../jobs/job-tables.ts';
import type { DemoSessionRows } from './demo-sessions.ts';

/**
 * The SQL of the demo seed that no module owns: whether the database is empty, and the demo
 * sessions, written whole (ingestion builds its rows from packages, the demo from the fixtures'
 * flight lines).
 */
export const demoSeedRepository = {
  async hasOrganizations(db: Db): Promise<boolean> {
    const row = await db
      .selectFrom('organizations')
      .select(sql<number>`1`.as('one'))
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  },

  /** Whether a job of this unique key was ever queued (its row stays after it ran). */
  async jobExists(db: Db, uniqueKey: string): Promise<boolean> {
    const job = await withJobTables(db)
      .selectFrom('jobs')
      .select('id')
      .where('uniqueKey', '=', uniqueKey)
      .executeTakeFirst();
    return job !== undefined;
  },

  async insertSessions(db: Db, sessions: readonly DemoSessionRows[]): Promise<void> {
    if (sessions.length === 0) return;
    await db
      .insertInto('sessions')
      .values(sessions.map((s) => s.session))
      .execute();
    await db
      .insertInto('scans')
      .values(sessions.flatMap((s) => s.scans))
      .execute();
    await db
      .insertInto('artifacts')
      .values(sessions.flatMap((s) => s.artifacts))
      .execute();
  },
};
