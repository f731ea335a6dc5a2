import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { CamelCasePlugin, Kysely, Migrator, PostgresDialect } from 'kysely';
import pg from 'pg';
import { migrations } from './migrations/index.ts';
import { PGliteDialect } from './pglite-dialect.ts';
import { buildTemplate, copyTemplateTo } from './pglite-template.ts';
import type { Database } from './schema.ts';

export type Db = Kysely<Database>;

export interface DatabaseOptions {
  /** PostgreSQL server URL; when absent the embedded PGlite is used. */
  url?: string | undefined;
  /** PGlite data folder; absent means in memory (tests). */
  dataDir?: string | undefined;
  poolSize?: number;
}

// int8 (count(*), bigint sizes) arrive as strings by default; sizes fit in a double.
pg.types.setTypeParser(20, (value) => Number(value));

// Keys inside jsonb values (metadata, payloads, GeoJSON) are data and keep their spelling.
const camelCase = () => new CamelCasePlugin({ maintainNestedObjectKeys: true });

/** Opens the database named by the options: a PostgreSQL server or an embedded PGlite. */
export async function openDatabase(options: DatabaseOptions): Promise<Db> {
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
    // An idle connection the server ends (restart, failover) must not crash the process; the
    // pool replaces it on the next query.
    pool.on('error', (error) => console.error(`PostgreSQL connection lost: ${error.message}`));
    return new Kysely<Database>({
      dialect: new PostgresDialect({ pool }),
      plugins: [camelCase()],
    });
  }
  // A new data folder starts as a copy of the migrated template when it is built; otherwise
  // PGlite runs initdb into it.
  if (options.dataDir && !copyTemplateTo(options.dataDir)) {
    fs.mkdirSync(options.dataDir, { recursive: true });
  }
  const pglite = await PGlite.create(options.dataDir ?? 'memory://', {
    parsers: { 20: (value: string) => Number(value) },
    postgresqlconf: PGLITE_SETTINGS,
  });
  return pgliteKysely(pglite);
}

/**
 * PostgreSQL's default 128 MB of shared buffers end up in the WebAssembly heap, which never
 * shrinks: most of the embedded server's memory. The embedded database serves one organization's
 * demo or a small team, for which 16 MB caches plenty.
 */
const PGLITE_SETTINGS = ['shared_buffers = 16MB'];

const pgliteKysely = (pglite: PGlite) =>
  new Kysely<Database>({ dialect: new PGliteDialect(pglite), plugins: [camelCase()] });

/**
 * Builds the empty, migrated database that new embedded data folders start from (by default in
 * the folder `openDatabase` copies).
 */
export function buildPgliteTemplate(dir?: string): Promise<string> {
  return buildTemplate(async (pglite) => {
    // The Kysely instance must not close the PGlite it borrows; the template builder does.
    await migrateToLatest(pgliteKysely(pglite));
  }, dir);
}

/** Applies every migration not yet applied; fails loudly on the first error. */
export async function migrateToLatest(db: Db): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    const name = failed?.migrationName ?? 'unknown';
    throw new Error(`Database migration ${name} failed: ${String(error)}`);
  }
}

/** Where the embedded database keeps its files inside DATA_DIR. */
export function pgliteDirectory(dataDir: string): string {
  return path.join(dataDir, 'pglite');
}
