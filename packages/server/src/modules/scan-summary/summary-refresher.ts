import type { Db } from '../../db/database.ts';
import { scanSummaryService } from './scan-summary.service.ts';

/**
 * How often a web process looks for changes to the projects whose summaries it keeps: one small
 * query; a viewer arriving sooner after a change computes the new version itself (shared with
 * the others asking, as before).
 */
export const SUMMARY_REFRESH_INTERVAL_MS = 2_000;

/**
 * How often it prepares every project of 1,000 scans or more that it does not keep (one grouped
 * count over the scans). Each look in between notices the projects that grew past that size
 * (their versions moved); this brings back large summaries that the cache let go.
 */
export const SUMMARY_PREPARE_INTERVAL_MS = 300_000;

export interface SummaryRefresher {
  /** Stops looking; resolves once a computation under way has ended. */
  stop(): Promise<void>;
}

export interface SummaryRefresherOptions {
  intervalMs?: number;
  prepareIntervalMs?: number;
  /** Large projects computed before any viewer asked (at start, or once grown past the size). */
  onPrepared?: (projectIds: number[]) => void;
  onError?: (error: unknown) => void;
}

/**
 * Keeps a web process's viewer summaries ready in the background. Every `intervalMs` it computes
 * the new versions of the summaries it keeps (refreshKept) and prepares the projects that grew
 * to the preparation size since its last look (prepareGrown); at once and then every
 * `prepareIntervalMs` it prepares all the large projects (prepareLargeProjects). Each round ends
 * by storing the scan parts computed since the last (storeComputedParts). One round at a
 * time: a round longer than the interval delays the next instead of overlapping it.
 */
export function startSummaryRefresher(
  db: Db,
  {
    intervalMs = SUMMARY_REFRESH_INTERVAL_MS,
    prepareIntervalMs = SUMMARY_PREPARE_INTERVAL_MS,
    onPrepared,
    onError,
  }: SummaryRefresherOptions = {},
): SummaryRefresher {
  let stopped = false;
  let preparedAt = Number.NEGATIVE_INFINITY;
  let timer: NodeJS.Timeout | undefined;

  let seen: ReadonlyMap<number, string> | undefined;

  async function oneRound(): Promise<void> {
    try {
      await keepReady();
    } finally {
      // Also after a failure: what was computed before it is kept for every process.
      await scanSummaryService.storeComputedParts(db);
    }
  }

  async function keepReady(): Promise<void> {
    await scanSummaryService.refreshKept(db);
    if (stopped) return;
    if (performance.now() - preparedAt >= prepareIntervalMs) {
      preparedAt = performance.now();
      const prepared = await scanSummaryService.prepareLargeProjects(db);
      if (prepared.length > 0) onPrepared?.(prepared);
      if (stopped) return;
    }
    const grown = await scanSummaryService.prepareGrown(db, seen);
    seen = grown.versions;
    if (grown.prepared.length > 0) onPrepared?.(grown.prepared);
  }

  let round = oneRound().catch((error: unknown) => onError?.(error));
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      round = oneRound().catch((error: unknown) => onError?.(error));
      void round.then(schedule);
    }, intervalMs);
    // The process may end while a round waits.
    timer.unref();
  };
  void round.then(schedule);
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await round;
    },
  };
}
