// Runs after npm install: builds the web app and the embedded database template, so the first
// `npm start` serves at once instead of building and running initdb.
import { ensureDatabaseTemplate, ensureWebBuilt } from './ensure-built.mjs';

if (process.env.ASSET_PORTAL_SKIP_PREPARE === '1') process.exit(0);
ensureWebBuilt();
ensureDatabaseTemplate();
