import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPgliteTemplate, migrateToLatest, openDatabase } from './database.ts';
import { migrations } from './migrations/index.ts';
import { copyTemplateTo, isDatabaseFolder, templateDirectory } from './pglite-template.ts';

const appliedMigrations = async (db: Awaited<ReturnType<typeof openDatabase>>) => {
  const rows = await sql<{ name: string }>`SELECT name FROM kysely_migration ORDER BY name`.execute(
    db,
  );
  return rows.rows.map((r) => r.name);
};

describe('embedded database template', () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ap-template-'));
    dirs.push(dir);
    return dir;
  };
  beforeAll(async () => {
    // Normally built at npm install.
    if (!isDatabaseFolder(templateDirectory())) await buildPgliteTemplate();
  });
  afterAll(() => {
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('builds a migrated template folder; a copy of it is a database that persists', async () => {
    // Built aside: the installed template may be in use by servers the other tests start.
    const template = await buildPgliteTemplate(path.join(tempDir(), 'template'));
    expect(isDatabaseFolder(template)).toBe(true);

    const dir = path.join(tempDir(), 'pglite');
    expect(copyTemplateTo(dir, template)).toBe(true);
    const db = await openDatabase({ dataDir: dir });
    expect(await appliedMigrations(db)).toEqual(Object.keys(migrations).sort());
    await migrateToLatest(db);
    await db.insertInto('organizations').values({ name: 'Template Test' }).execute();
    await db.destroy();

    // An existing database is never replaced by the template.
    expect(copyTemplateTo(dir, template)).toBe(false);
    const reopened = await openDatabase({ dataDir: dir });
    const names = await reopened.selectFrom('organizations').select('name').execute();
    expect(names).toEqual([{ name: 'Template Test' }]);
    // The shared buffers live in a WebAssembly heap that never shrinks; kept small.
    const buffers = await sql<{ sharedBuffers: string }>`SHOW shared_buffers`.execute(reopened);
    expect(buffers.rows[0]?.sharedBuffers).toBe('16MB');
    await reopened.destroy();
  });

  it('opens a new data folder as a copy of the installed template, already migrated', async () => {
    // DATA_DIR/pglite of a fresh clone: neither folder exists yet.
    const dir = path.join(tempDir(), 'data', 'pglite');
    const db = await openDatabase({ dataDir: dir });
    // No migration has run in this process: the migrations table came with the copy.
    expect(await appliedMigrations(db)).toEqual(Object.keys(migrations).sort());
    await db.destroy();
    expect(fs.readdirSync(path.dirname(dir))).toEqual(['pglite']);
  });

  it('fills an empty folder from the template and leaves a non-empty one to PGlite', () => {
    const empty = tempDir();
    expect(copyTemplateTo(empty)).toBe(true);
    expect(isDatabaseFolder(empty)).toBe(true);

    const occupied = tempDir();
    fs.writeFileSync(path.join(occupied, 'notes.txt'), 'not a database');
    expect(copyTemplateTo(occupied)).toBe(false);
    expect(fs.readdirSync(occupied)).toEqual(['notes.txt']);
  });
});
