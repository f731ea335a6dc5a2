import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/database.ts';

export interface NewWebSession {
  subject: string;
  idToken?: string | null;
  accessToken?: string | null;
  refreshToken?: string | null;
  ttlMs: number;
}

/** Server-side store of signed-in browser sessions; the cookie holds only the random id. */
export const webSessionRepository = {
  async create(db: Db, session: NewWebSession): Promise<string> {
    const id = randomBytes(32).toString('base64url');
    await db
      .insertInto('webSessions')
      .values({
        id,
        subject: session.subject,
        idToken: session.idToken ?? null,
        accessToken: session.accessToken ?? null,
        refreshToken: session.refreshToken ?? null,
        expiresAt: new Date(Date.now() + session.ttlMs),
      })
      .execute();
    return id;
  },

  find(db: Db, id: string) {
    return db
      .selectFrom('webSessions')
      .selectAll()
      .where('id', '=', id)
      .where('expiresAt', '>', new Date())
      .executeTakeFirst();
  },

  async delete(db: Db, id: string): Promise<void> {
    await db.deleteFrom('webSessions').where('id', '=', id).execute();
  },

  async deleteForSubject(db: Db, subject: string): Promise<void> {
    await db.deleteFrom('webSessions').where('subject', '=', subject).execute();
  },

  async deleteExpired(db: Db): Promise<number> {
    const result = await db
      .deleteFrom('webSessions')
      .where('expiresAt', '<=', new Date())
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  },
};
