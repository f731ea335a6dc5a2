import { randomBytes } from 'node:crypto';
import { Migrator } from 'kysely';
import pg from 'pg';
import { type Db, openDatabase } from '../src/db/database.ts';
import { migrations } from '../src/db/migrations/index.ts';
import { type DATABASE_KINDS, POSTGRES_URL } from './databases.ts';

/** A fresh database migrated only up to (and including) the given migration. */
export async function databaseAt(kind: (typeof DATABASE_KINDS)[number], last: string) {
  let db: Db;
  let drop: () => Promise<void>;
  if (kind === 'pglite') {
    db = await openDatabase({});
    drop = () => db.destroy();
  } else {
    const name = `ap_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: POSTGRES_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    db = await openDatabase({ url: POSTGRES_URL.replace(/\/[^/?]*(\?|$)/, `/${name}$1`) });
    drop = async () => {
      await db.destroy();
      const cleanup = new pg.Client({ connectionString: POSTGRES_URL });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    };
  }
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error } = await migrator.migrateTo(last);
  if (error) throw error;
  return { db, drop };
}
