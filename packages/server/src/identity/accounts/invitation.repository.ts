import type { Db } from '../../db/database.ts';

/** All SQL of invitations; tokens arrive here already hashed. */
export const invitationRepository = {
  async insert(db: Db, invitation: { tokenHash: string; subject: string; expiresAt: Date }) {
    await db.insertInto('invitations').values(invitation).execute();
  },

  /** The invitation's account when the token is known, unused and not expired. */
  findOpen(db: Db, tokenHash: string) {
    return db
      .selectFrom('invitations')
      .innerJoin('localAccounts', 'localAccounts.subject', 'invitations.subject')
      .select(['invitations.subject', 'localAccounts.username'])
      .where('invitations.tokenHash', '=', tokenHash)
      .where('invitations.usedAt', 'is', null)
      .where('invitations.expiresAt', '>', new Date())
      .executeTakeFirst();
  },

  /**
   * Marks the invitation used; true for exactly one caller. The conditional update is the lock:
   * of two concurrent submissions only one marks it used.
   */
  async claim(db: Db, tokenHash: string): Promise<boolean> {
    const claimed = await db
      .updateTable('invitations')
      .set({ usedAt: new Date() })
      .where('tokenHash', '=', tokenHash)
      .where('usedAt', 'is', null)
      .executeTakeFirst();
    return Number(claimed.numUpdatedRows) === 1;
  },
};
