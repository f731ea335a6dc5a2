import type { AppConfig } from '../config/config.ts';
import type { Db } from '../db/database.ts';
import { jobDefinitions } from '../jobs/job-registry.ts';
import { startJobRunner } from '../jobs/job-runner.ts';
import { createLogger } from '../lib/logger.ts';
import { scheduledTasks } from './scheduled-tasks.ts';

/** Jobs of any lane a worker process runs at once: its CPU-bound builds are planned per 2 cores. */
const WORKER_SLOTS = 2;
/** One more slot for interactive jobs only, so a person's job never waits behind two long builds. */
const WORKER_INTERACTIVE_SLOTS = 1;

export interface Worker {
  stop(): Promise<void>;
}

/** Runs the scheduled housekeeping tasks; job queues of later features register here too. */
export function startWorker({ config, db }: { config: AppConfig; db: Db }): Worker {
  const log = createLogger(config, 'worker');
  const timers: NodeJS.Timeout[] = [];
  let running = Promise.resolve();
  for (const task of scheduledTasks) {
    const run = () => {
      running = running
        .then(async () => {
          await task.run({ config, db, log });
        })
        .catch((error) => log.error({ err: error, task: task.name }, 'scheduled task failed'));
    };
    timers.push(setInterval(run, task.everyMs).unref());
    if (task.runAtStart) run();
  }
  const jobs = startJobRunner({
    config,
    db,
    jobs: jobDefinitions,
    concurrency: WORKER_SLOTS,
    interactiveSlots: WORKER_INTERACTIVE_SLOTS,
    log,
  });
  return {
    async stop() {
      for (const timer of timers) clearInterval(timer);
      await Promise.all([running, jobs.stop()]);
    },
  };
}
