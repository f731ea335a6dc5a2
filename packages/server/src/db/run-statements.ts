import { type Kysely, sql } from 'kysely';

/**
 * Runs a script of semicolon-terminated statements one by one: PGlite's extended-protocol
 * queries take a single statement, and migrations must behave the same on both databases.
 */
export async function runStatements(db: Kysely<unknown>, script: string): Promise<void> {
  const statements = script
    .split(/;\s*\n/)
    .map((s) => s.replace(/^\s*--.*$/gm, '').trim())
    .filter((s) => s.length > 0);
  for (const statement of statements) {
    await sql.raw(statement).execute(db);
  }
}
