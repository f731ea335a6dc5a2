// npm start: builds the web app if a fresh clone lacks it (normally done at npm install), then
// serves the whole portal: the all-in-one server compiled to one bundle, in one Node process.
import { spawn } from 'node:child_process';
import { allInOneArgs, allInOneEnv } from './all-in-one.mjs';
import { ensureWebBuilt, root } from './ensure-built.mjs';

ensureWebBuilt();
const child = spawn(process.execPath, await allInOneArgs(), {
  cwd: root,
  env: allInOneEnv(),
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
