import { ASSIGNMENT_TYPE_MANUAL } from '@asset-portal/shared';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

/** All SQL about placing sessions in a project by hand. */
export const unassignedScanRepository = {
  findSession(db: Db, id: string) {
    return db
      .selectFrom('sessions')
      .select(['id', 'organizationId', 'projectId'])
      .where('id', '=', id)
      .executeTakeFirst();
  },

  /**
   * Moves a session and all its scans into a project, marked as assigned by hand so later
   * changes to device assignments leave them there; returns how many scans moved with it.
   */
  assignSession(db: Db, sessionId: string, projectId: number): Promise<number> {
    return db.transaction().execute(async (trx) => {
      await trx
        .updateTable('sessions')
        .set({ projectId, assignmentType: ASSIGNMENT_TYPE_MANUAL, lastModified: sql`now()` })
        .where('id', '=', sessionId)
        .execute();
      const scans = await trx
        .updateTable('scans')
        .set({ projectId, assignmentType: ASSIGNMENT_TYPE_MANUAL, lastModified: sql`now()` })
        .where('sessionId', '=', sessionId)
        .returning('id')
        .execute();
      return scans.length;
    });
  },
};
