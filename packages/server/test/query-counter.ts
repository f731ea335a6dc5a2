import type { Db } from '../src/db/database.ts';

export interface QueryCounter {
  /** Statements executed since the last reset. */
  readonly count: number;
  /** The SQL of those statements, for a readable failure. */
  readonly statements: readonly string[];
  reset(): void;
  restore(): void;
}

/**
 * Counts the SQL statements a Kysely instance executes (outside transactions), so a test can
 * prove that a list costs the same number of statements whatever its length (no N+1).
 */
export function countQueries(db: Db): QueryCounter {
  const executor = db.getExecutor();
  const original = executor.executeQuery.bind(executor);
  const statements: string[] = [];
  executor.executeQuery = ((compiled, ...rest) => {
    statements.push(compiled.sql);
    return original(compiled, ...rest);
  }) as typeof executor.executeQuery;
  return {
    get count() {
      return statements.length;
    },
    statements,
    reset() {
      statements.length = 0;
    },
    restore() {
      executor.executeQuery = original;
    },
  };
}
