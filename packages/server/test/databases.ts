import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type Db, migrateToLatest, openDatabase } from '../src/db/database.ts';

/** The PostgreSQL server the integration tests use besides PGlite. */
export const POSTGRES_URL =
  process.env.TEST_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/test';

export interface TestDatabase {
  kind: 'pglite' | 'postgres';
  db: Db;
  url: string | undefined;
  drop(): Promise<void>;
}

/** Database kinds every data-layer and API test runs on. */
export const DATABASE_KINDS = ['pglite', 'postgres'] as const;

/**
 * A fresh, migrated database of the given kind: an in-memory PGlite, or a new database on the
 * PostgreSQL server that is dropped afterwards. An unreachable server fails the test; it is
 * never skipped.
 */
export async function createTestDatabase(kind: TestDatabase['kind']): Promise<TestDatabase> {
  if (kind === 'pglite') {
    const db = await openDatabase({});
    await migrateToLatest(db);
    return { kind, db, url: undefined, drop: () => db.destroy() };
  }
  const name = `ap_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect().catch((error: Error) => {
    throw new Error(`PostgreSQL is not reachable at ${POSTGRES_URL}: ${error.message}`);
  });
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = POSTGRES_URL.replace(/\/[^/?]*(\?|$)/, `/${name}$1`);
  const db = await openDatabase({ url, poolSize: 5 });
  await migrateToLatest(db);
  return {
    kind,
    db,
    url,
    drop: async () => {
      await db.destroy();
      const cleanup = new pg.Client({ connectionString: POSTGRES_URL });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}
