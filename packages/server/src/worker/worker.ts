import type { AppConfig } from '../config/config.ts';
import type { Db } from '../db/database.ts';
import { jobDefinitions } from '../jobs/job-registry.ts';
import { startJobRunner } from '../jobs/job-runner.ts';
import { createLogger } from '../lib/logger.ts';
import { scheduledTasks } from './scheduled-tasks.ts';

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
  const jobs = startJobRunner({ config, db, jobs: jobDefinitions, concurrency: 2, log });
  return {
    async stop() {
      for (const timer of timers) clearInterval(timer);
      await Promise.all([running, jobs.stop()]);
    },
  };
}
