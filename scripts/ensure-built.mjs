import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tsx = path.join(root, 'node_modules/.bin/tsx');

function run(description, command, args) {
  console.log(description);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

/** Builds the web app when it is missing. */
export function ensureWebBuilt() {
  if (!fs.existsSync(path.join(root, 'packages/web/dist/index.html'))) {
    run('Building the web app...', 'npm', ['run', 'build', '-w', '@asset-portal/web']);
  }
}

/**
 * Builds the embedded database template for the current migrations when it is missing. Without
 * it the portal still starts; a new data folder then runs initdb, which takes seconds.
 */
export function ensureDatabaseTemplate() {
  run('Preparing the embedded database template...', tsx, [
    path.join(root, 'packages/server/src/main/build-pglite-template.ts'),
    '--if-missing',
  ]);
}
