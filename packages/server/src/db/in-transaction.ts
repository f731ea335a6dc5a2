import type { Db } from './database.ts';

/**
 * Runs `work` in the caller's transaction when `db` is one, else in a new transaction: a
 * repository write that must be atomic stays atomic, and can still be one step of a larger
 * transaction (the demo seed writes everything in one).
 */
export function inTransaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}
