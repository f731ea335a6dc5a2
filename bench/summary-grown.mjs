// Benchmark: how long the first viewer of a project that has just grown to 10,000 scans waits for
// its summary, with a web process's summary refresher running as in production. The real app's
// database (PGlite, demo data); the refresher starts first, then the project is inserted 500
// scans at a time (3 s or so); the project's compact summary is then asked for 0.5, 1.5, 3 and 5
// s after the last insert, as a viewer's request would ask for it (the same service call, the
// demo administrator's access). Without the refresher's preparation of a grown project, the
// first ask computes the whole project. Run with: npm run bench:summary-grown
// (env BENCH_SCANS=10000 BENCH_ROUNDS=2)
import { PortalEnvironment } from '../e2e/support/portal-environment.ts';
import { scanSummaryService } from '../packages/server/src/modules/scan-summary/scan-summary.service.ts';
import { startSummaryRefresher } from '../packages/server/src/modules/scan-summary/summary-refresher.ts';
import { seedBenchProject } from './lib/bench-project.mjs';

const SCANS = Number(process.env.BENCH_SCANS ?? 10_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const ASK_AFTER_MS = [500, 1500, 3000, 5000];

async function oneRound(round) {
  const environment = await PortalEnvironment.start();
  const { db } = environment.live.database;
  const refresher = startSummaryRefresher(db, { onError: (error) => console.error(error) });
  try {
    const started = performance.now();
    const project = await seedBenchProject(db, `Bench grown ${round}`, SCANS);
    const seeded = performance.now();
    const user = await db
      .selectFrom('users')
      .selectAll()
      .where('userType', '=', 'Admin')
      .executeTakeFirstOrThrow();
    const viewer = { user, organizationName: 'Northwind Surveying' };
    const waits = [];
    for (const after of ASK_AFTER_MS) {
      await new Promise((resolve) => setTimeout(resolve, after - (performance.now() - seeded)));
      const asked = performance.now();
      await scanSummaryService.compact(db, viewer, project.id);
      waits.push(`${after} ms after: ${Math.round(performance.now() - asked)} ms`);
    }
    console.log(
      `round ${round + 1}: ${SCANS} scans inserted in ${((seeded - started) / 1000).toFixed(1)} s; ` +
        `the summary's wait, asked ${waits.join(', ')}`,
    );
  } finally {
    await refresher.stop();
    await environment.close();
  }
}

for (let round = 0; round < ROUNDS; round++) await oneRound(round);
process.exit(0);
