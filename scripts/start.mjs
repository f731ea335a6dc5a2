// npm start: builds the web app if a fresh clone lacks it (normally done at npm install), then
// serves the whole portal. The server runs under Node with tsx's loader (one process).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ensureWebBuilt, root } from './ensure-built.mjs';

ensureWebBuilt();
const child = spawn(
  process.execPath,
  ['--import', 'tsx', path.join(root, 'packages/server/src/main/all-in-one.ts')],
  { cwd: root, stdio: 'inherit' },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
