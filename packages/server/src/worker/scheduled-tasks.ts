import type { AppConfig } from '../config/config.ts';
import type { Db } from '../db/database.ts';
import { sessionStore } from '../identity/session-store.ts';

export interface ScheduledTask {
  name: string;
  everyMs: number;
  runAtStart: boolean;
  run(deps: { config: AppConfig; db: Db }): Promise<unknown>;
}

/** Housekeeping that runs on a timer in the worker role. */
export const scheduledTasks: ScheduledTask[] = [
  {
    name: 'purge-expired-sessions',
    everyMs: 60 * 60 * 1000,
    runAtStart: false,
    run: ({ db }) => sessionStore.deleteExpired(db),
  },
];
