import type { Db } from '../../db/database.ts';
import { scanSummaryService } from './scan-summary.service.ts';

/**
 * How often a web process looks for changes to the projects whose summaries it keeps: one small
 * query; a viewer arriving sooner after a change computes the new version itself (shared with
 * the others asking, as before).
 */
export const SUMMARY_REFRESH_INTERVAL_MS = 2_000;

/**
 * How often it looks for projects grown to 1,000 scans or more that it does not keep (one
 * grouped count over the scans), to compute them before their first viewer.
 */
export const SUMMARY_PREPARE_INTERVAL_MS = 30_000;

export interface SummaryRefresher {
  /** Stops looking; resolves once a computation under way has ended. */
  stop(): Promise<void>;
}

export interface SummaryRefresherOptions {
  intervalMs?: number;
  prepareIntervalMs?: number;
  /** Large projects computed before any viewer asked (at start, or once grown). */
  onPrepared?: (projectIds: number[]) => void;
  onError?: (error: unknown) => void;
}

/**
 * Keeps a web process's viewer summaries ready in the background: at once and then every
 * `prepareIntervalMs` it prepares the large projects (scanSummaryService.prepareLargeProjects),
 * and every `intervalMs` it computes the new versions of those it keeps (refreshKept). One round
 * at a time: a round longer than the interval delays the next instead of overlapping it.
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

  async function oneRound(): Promise<void> {
    await scanSummaryService.refreshKept(db);
    if (stopped || performance.now() - preparedAt < prepareIntervalMs) return;
    preparedAt = performance.now();
    const prepared = await scanSummaryService.prepareLargeProjects(db);
    if (prepared.length > 0) onPrepared?.(prepared);
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
