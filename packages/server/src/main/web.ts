import { createApp } from '../app.ts';
import {
  type SummaryRefresher,
  startSummaryRefresher,
} from '../modules/scan-summary/summary-refresher.ts';
import { startWorker } from '../worker/worker.ts';
import {
  configOrExit,
  onShutdown,
  openMigratedDatabase,
  queueDemoPackagesInBackground,
  seedIfEmpty,
} from './boot.ts';

/**
 * The web role: app, API, storage and identity on one port. With `withWorker` (npm start) the
 * background jobs run in the same process; in production they run in `worker.ts` processes.
 */
export async function startWeb({ withWorker }: { withWorker: boolean }) {
  const config = configOrExit();
  const db = await openMigratedDatabase(config);
  const { accounts, demoPackagesPending } = await seedIfEmpty(config, db);
  const { app } = await createApp({ config, db });
  const worker = withWorker ? startWorker({ config, db }) : null;
  let summaries: SummaryRefresher | undefined;
  onShutdown(async () => {
    await summaries?.stop();
    await worker?.stop();
    await app.close();
    await db.destroy();
  });
  await app.listen({ port: config.port, host: config.host });
  // Started once the portal listens: building the packages takes seconds the start need not wait.
  if (demoPackagesPending) void queueDemoPackagesInBackground(config, db);
  // So are the viewer's summaries: the largest projects' at once (the first viewer after a start
  // does not wait for a whole computation) and each kept one again after its scans change.
  summaries = startSummaryRefresher(db, {
    onPrepared: (projects) => app.log.info({ projects }, 'Viewer summaries prepared'),
    onError: (error) => app.log.warn({ err: error }, 'Viewer summaries not refreshed'),
  });
  const database = config.databaseUrl ? 'PostgreSQL server' : `PGlite in ${config.dataDir}`;
  console.log(`\nAsset Portal is running at ${config.publicUrl}  (database: ${database})`);
  if (accounts.length > 0) {
    console.log('Demo accounts:');
    for (const account of accounts) {
      console.log(
        `  ${account.userType.padEnd(11)} username ${account.username.padEnd(10)} password ${account.password}`,
      );
    }
  }
  return { app, db, config };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await startWeb({ withWorker: false });
}
