// Runs after npm install: builds the web app and the embedded database template, so the first
// `npm start` serves at once instead of building and running initdb.
import { ensureDatabaseTemplate, ensureWebBuilt } from './ensure-built.mjs';

ensureWebBuilt();
ensureDatabaseTemplate();
