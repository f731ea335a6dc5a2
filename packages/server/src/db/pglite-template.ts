import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { migrations } from './migrations/index.ts';

// Creating a PGlite database runs initdb inside WASM, which takes seconds. A migrated, empty
// database folder is built once (at npm install) and copied into each new data folder instead.
// A copy on disk, not PGlite's `loadDataDir` tarball: unpacking a tarball goes through the WASM
// heap, which never shrinks, and cost ~100 MB of resident memory and ~1.5 s per new folder.

const repoRoot = path.resolve(fileURLToPath(import.meta.url), '../../../../..');
const cacheDir = path.join(repoRoot, 'node_modules/.cache/asset-portal');

function pgliteVersion(): string {
  const manifest = path.join(repoRoot, 'node_modules/@electric-sql/pglite/package.json');
  return fs.existsSync(manifest)
    ? (JSON.parse(fs.readFileSync(manifest, 'utf8')).version as string)
    : 'unknown';
}

/** The template folder for this PGlite version and this list of migrations. */
export function templateDirectory(): string {
  const key = createHash('sha256')
    .update(pgliteVersion())
    .update(Object.keys(migrations).join('\n'))
    .digest('hex')
    .slice(0, 16);
  return path.join(cacheDir, `pglite-template-${key}`);
}

/** True when the folder holds a PostgreSQL data directory. */
export function isDatabaseFolder(dir: string): boolean {
  return fs.existsSync(path.join(dir, 'PG_VERSION'));
}

const isMissingOrEmpty = (dir: string) => !fs.existsSync(dir) || fs.readdirSync(dir).length === 0;

/**
 * Copies the template into `dir` when the template is built and `dir` is missing or empty; returns
 * whether it did. The copy lands beside `dir` and is renamed into place, so a start that dies
 * mid-copy never leaves a half database behind.
 */
export function copyTemplateTo(dir: string, template = templateDirectory()): boolean {
  if (!isDatabaseFolder(template) || !isMissingOrEmpty(dir)) return false;
  const partial = `${dir}.${process.pid}.tmp`;
  fs.rmSync(partial, { recursive: true, force: true });
  fs.cpSync(template, partial, { recursive: true });
  fs.rmSync(dir, { recursive: true, force: true });
  fs.renameSync(partial, dir);
  return true;
}

/** Builds the template: a new database folder with every migration applied. */
export async function buildTemplate(
  migrate: (pglite: PGlite) => Promise<void>,
  dir = templateDirectory(),
): Promise<string> {
  fs.mkdirSync(path.dirname(dir), { recursive: true });
  const partial = `${dir}.${process.pid}.tmp`;
  fs.rmSync(partial, { recursive: true, force: true });
  const pglite = await PGlite.create(partial);
  try {
    await migrate(pglite);
  } finally {
    await pglite.close();
  }
  // PGlite writes its settings into postgresql.conf at every open; the copies get their own.
  fs.rmSync(dir, { recursive: true, force: true });
  fs.renameSync(partial, dir);
  return dir;
}
