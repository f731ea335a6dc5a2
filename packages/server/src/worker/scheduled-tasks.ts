import type { AppConfig } from '../config/config.ts';
import type { Db } from '../db/database.ts';
import { webSessionRepository } from '../identity/bff/web-session.repository.ts';
import { removeAbandonedWorkFolders } from '../jobs/work-folders.ts';
import type { Logger } from '../lib/logger.ts';
import { endAbandonedUploadEntries } from '../modules/package-uploads/abandoned-upload-entries.ts';
import { sweepHungTrajectoryRuns } from '../modules/trajectory/trajectory-run-sweep.ts';
import { sweepStaleUploadGrants } from '../modules/upload-quota/upload-grant-sweeper.ts';
import { createObjectStorage } from '../storage/create-object-storage.ts';
import { abortStaleMultipartUploads } from '../storage/stale-multipart-sweeper.ts';

export interface ScheduledTask {
  name: string;
  everyMs: number;
  runAtStart: boolean;
  run(deps: { config: AppConfig; db: Db; log: Logger }): Promise<unknown>;
}

/** Housekeeping that runs on a timer in the worker role. */
export const scheduledTasks: ScheduledTask[] = [
  {
    name: 'purge-expired-sessions',
    everyMs: 60 * 60 * 1000,
    runAtStart: false,
    run: ({ db }) => webSessionRepository.deleteExpired(db),
  },
  {
    name: 'abort-stale-multipart-uploads',
    everyMs: 60 * 60 * 1000,
    runAtStart: false,
    run: ({ config }) => abortStaleMultipartUploads(createObjectStorage(config)),
  },
  {
    name: 'sweep-stale-upload-grants',
    everyMs: 60 * 60 * 1000,
    runAtStart: false,
    run: ({ config, db, log }) =>
      sweepStaleUploadGrants({ config, db, log, storage: createObjectStorage(config) }),
  },
  {
    // Work folders of jobs whose worker was killed: at start, since that is when one was.
    name: 'remove-abandoned-work-folders',
    everyMs: 60 * 60 * 1000,
    runAtStart: true,
    run: async ({ config, log }) => {
      const { removed } = await removeAbandonedWorkFolders(config.dataDir);
      if (removed.length > 0) log.info({ removed }, 'removed work folders of ended processes');
    },
  },
  {
    name: 'end-abandoned-upload-entries',
    everyMs: 60 * 60 * 1000,
    runAtStart: false,
    run: ({ db }) => endAbandonedUploadEntries(db),
  },
  {
    // A lease runs 5 minutes; a minute's delay in showing Hung on top of it is fine.
    name: 'mark-hung-trajectory-runs',
    everyMs: 60 * 1000,
    runAtStart: true,
    run: ({ db }) => sweepHungTrajectoryRuns(db),
  },
];
