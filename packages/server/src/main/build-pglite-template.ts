import fs from 'node:fs';
import { buildPgliteTemplate } from '../db/database.ts';
import { templateFile } from '../db/pglite-template.ts';

// Run at npm install and npm start (scripts/ensure-built.mjs): new embedded data folders then
// start from this dump instead of running initdb. `--if-missing` keeps an up-to-date one.
if (process.argv.includes('--if-missing') && fs.existsSync(templateFile())) process.exit(0);
const file = await buildPgliteTemplate();
console.log(`Embedded database template written to ${file}`);
