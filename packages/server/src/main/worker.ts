import { startWorker } from '../worker/worker.ts';
import { configOrExit, onShutdown, openMigratedDatabase } from './boot.ts';

// The worker role: background jobs only, as many processes as needed, sharing the database.
const config = configOrExit();
const db = await openMigratedDatabase(config);
const worker = startWorker({ config, db });
onShutdown(async () => {
  await worker.stop();
  await db.destroy();
});
console.log('Asset Portal worker started');
