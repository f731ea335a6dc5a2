import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { migrations } from './migrations/index.ts';

// Creating a PGlite database runs initdb inside WASM, which takes seconds. A migrated, empty
// database is dumped once (at npm install) and unpacked into each new data folder instead.

const repoRoot = path.resolve(fileURLToPath(import.meta.url), '../../../../..');
const cacheDir = path.join(repoRoot, 'node_modules/.cache/asset-portal');

function pgliteVersion(): string {
  const manifest = path.join(repoRoot, 'node_modules/@electric-sql/pglite/package.json');
  return fs.existsSync(manifest)
    ? (JSON.parse(fs.readFileSync(manifest, 'utf8')).version as string)
    : 'unknown';
}

/** The template file for this PGlite version and this list of migrations. */
export function templateFile(): string {
  const key = createHash('sha256')
    .update(pgliteVersion())
    .update(Object.keys(migrations).join('\n'))
    .digest('hex')
    .slice(0, 16);
  return path.join(cacheDir, `pglite-template-${key}.tar.gz`);
}

/** The template's bytes, or null when it has not been built for the current migrations. */
export function readTemplate(): Blob | null {
  const file = templateFile();
  return fs.existsSync(file) ? new Blob([fs.readFileSync(file)]) : null;
}

/** Builds the template: a fresh in-memory database with every migration applied, dumped. */
export async function buildTemplate(migrate: (pglite: PGlite) => Promise<void>): Promise<string> {
  const pglite = await PGlite.create('memory://');
  try {
    await migrate(pglite);
    const dump = await pglite.dumpDataDir('gzip');
    fs.mkdirSync(cacheDir, { recursive: true });
    const file = templateFile();
    const partial = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    fs.renameSync(partial, file);
    return file;
  } finally {
    await pglite.close();
  }
}
