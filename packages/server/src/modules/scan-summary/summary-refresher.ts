import type { Db } from '../../db/database.ts';
import { scanSummaryService } from './scan-summary.service.ts';

/**
 * How often a web process looks for changes to the projects whose summaries it keeps: one small
 * query; a viewer arriving sooner after a change computes the new version itself (shared with
 * the others asking, as before).
 */
export const SUMMARY_REFRESH_INTERVAL_MS = 2_000;

export interface SummaryRefresher {
  /** Stops looking; resolves once a computation under way has ended. */
  stop(): Promise<void>;
}

/**
 * Keeps the kept summaries current in the background (scanSummaryService.refreshKept), one round
 * at a time: a round that takes longer than the interval delays the next instead of overlapping.
 */
export function startSummaryRefresher(
  db: Db,
  {
    intervalMs = SUMMARY_REFRESH_INTERVAL_MS,
    onRefreshed,
    onError,
  }: {
    intervalMs?: number;
    onRefreshed?: (projectIds: number[]) => void;
    onError?: (error: unknown) => void;
  } = {},
): SummaryRefresher {
  let stopped = false;
  let round: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      round = scanSummaryService.refreshKept(db).then(
        (projectIds) => {
          if (projectIds.length > 0) onRefreshed?.(projectIds);
        },
        (error: unknown) => onError?.(error),
      );
      void round.then(schedule);
    }, intervalMs);
    // The process may end while a round waits.
    timer.unref();
  };
  schedule();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await round;
    },
  };
}
