import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { buildPgliteTemplate, migrateToLatest, openDatabase } from './database.ts';
import { migrations } from './migrations/index.ts';
import { readTemplate, templateFile } from './pglite-template.ts';

describe('embedded database template', () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('starts a new data folder from the migrated template, which then persists', async () => {
    await buildPgliteTemplate();
    expect(fs.existsSync(templateFile())).toBe(true);
    expect(readTemplate()).not.toBeNull();

    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ap-template-'));
    dirs.push(dir);
    const db = await openDatabase({ dataDir: dir });
    const applied = await sql<{
      name: string;
    }>`SELECT name FROM kysely_migration ORDER BY name`.execute(db);
    expect(applied.rows.map((r) => r.name)).toEqual(Object.keys(migrations).sort());
    await migrateToLatest(db);
    await db.insertInto('organizations').values({ name: 'Template Test' }).execute();
    await db.destroy();

    const reopened = await openDatabase({ dataDir: dir });
    const names = await reopened.selectFrom('organizations').select('name').execute();
    expect(names).toEqual([{ name: 'Template Test' }]);
    // The shared buffers live in a WebAssembly heap that never shrinks; kept small.
    const buffers = await sql<{ sharedBuffers: string }>`SHOW shared_buffers`.execute(reopened);
    expect(buffers.rows[0]?.sharedBuffers).toBe('16MB');
    await reopened.destroy();
  });
});
