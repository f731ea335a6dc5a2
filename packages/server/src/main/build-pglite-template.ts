import { buildPgliteTemplate } from '../db/database.ts';
import { isDatabaseFolder, templateDirectory } from '../db/pglite-template.ts';

// Run at npm install (scripts/ensure-built.mjs): new embedded data folders then start as a copy
// of the template instead of running initdb. `--if-missing` keeps an up-to-date one.
if (process.argv.includes('--if-missing') && isDatabaseFolder(templateDirectory())) process.exit(0);
const dir = await buildPgliteTemplate();
console.log(`Embedded database template built in ${dir}`);
