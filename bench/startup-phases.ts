// Where a cold start spends its time: the steps of startWeb (packages/server/src/main/web.ts)
// timed one by one in a fresh DATA_DIR, then once more on the same folder (warm).
// Run with: npx tsx bench/startup-phases.ts
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const t0 = performance.now();
const phases: [string, number][] = [];
let last = t0;
const mark = (name: string) => {
  const now = performance.now();
  phases.push([name, now - last]);
  last = now;
};

const { loadConfig } = await import('../packages/server/src/config/config.ts');
const { openDatabase, migrateToLatest, pgliteDirectory } = await import(
  '../packages/server/src/db/database.ts'
);
const { createApp } = await import('../packages/server/src/app.ts');
const { startWorker } = await import('../packages/server/src/worker/worker.ts');
const { seedIfEmpty } = await import('../packages/server/src/main/boot.ts');
mark('import server modules (tsx transform + load)');

async function once(dataDir: string, label: string) {
  phases.length = 0;
  last = performance.now();
  const start = last;
  const config = loadConfig({
    DATA_DIR: dataDir,
    PORT: '0',
    LOG_LEVEL: 'silent',
    DEMO_PASSWORD: 'bench-demo-password',
  });
  process.env.DEMO_PASSWORD = 'bench-demo-password';
  const db = await openDatabase({ dataDir: pgliteDirectory(config.dataDir) });
  mark('open PGlite');
  await migrateToLatest(db);
  mark('migrate');
  await seedIfEmpty(config, db);
  mark('seed demo data');
  const { app } = await createApp({ config, db });
  mark('createApp (identity, GraphQL schema, static)');
  const worker = startWorker({ config, db });
  mark('start worker');
  await app.listen({ port: 0, host: '127.0.0.1' });
  mark('listen');
  console.log(`\n${label}: total ${Math.round(performance.now() - start)} ms`);
  for (const [name, ms] of phases)
    console.log(`  ${String(Math.round(ms)).padStart(6)} ms  ${name}`);
  await worker.stop();
  await app.close();
  await db.destroy();
}

console.log(`module imports: ${Math.round(phases[0]?.[1] ?? 0)} ms`);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ap-bench-phases-'));
try {
  await once(dataDir, 'cold (fresh DATA_DIR)');
  await once(dataDir, 'warm (same DATA_DIR, same process)');
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}
