import { scanSummaryPath } from '@asset-portal/shared';
import { inFlightRequests } from '../../graphql/in-flight-link.ts';
import { createStore } from '../../lib/create-store.ts';
import { snackbar } from '../../snackbar/snackbar-service.ts';
import { loadMapController } from '../map/index.ts';
import { currentProjectId } from '../projects/current-project-store.ts';
import { prepareSummaryReader, readSummary } from './summary-reader.ts';
import type { SummaryStages, ViewerSummaryScan } from './summary-request.ts';

/** Bumped when a change makes the shown summaries stale (a header edit, a deletion, Refresh). */
export const scanSummaryRefresh = createStore(0);

/**
 * Bumped when a project's summary was loaded again and had changed: a scan's details shown
 * beside it (the focused scan's versions) are read again.
 */
export const scanSummaryChanged = createStore(0);

/**
 * How often a shown summary is checked while the page is visible: work done in the background (a
 * processing, a trajectory run, an ingestion) shows without a reload. Unchanged, the check moves
 * no summary (304) and changes nothing on screen.
 */
export const SUMMARY_REVALIDATE_MS = 30_000;

/**
 * After work is submitted that changes scans soon (a processing), the shown summary is checked
 * this often for a while, so the new versions show as they are made rather than up to
 * SUMMARY_REVALIDATE_MS later.
 */
export const SUMMARY_BUSY_REVALIDATE_MS = 3_000;
export const SUMMARY_BUSY_WINDOW_MS = 2 * 60_000;
let busyUntil = 0;
let busyTimer: ReturnType<typeof setInterval> | null = null;

/** Checks the shown summary every SUMMARY_BUSY_REVALIDATE_MS for the next SUMMARY_BUSY_WINDOW_MS. */
export function revalidateWhileBusy(): void {
  busyUntil = Date.now() + SUMMARY_BUSY_WINDOW_MS;
  if (busyTimer !== null || typeof document === 'undefined') return;
  busyTimer = setInterval(() => {
    if (Date.now() > busyUntil && busyTimer !== null) {
      clearInterval(busyTimer);
      busyTimer = null;
      return;
    }
    // Only a shown summary: a round counted with none shown would make the next screen's first
    // load a quiet one (no progress, no error said).
    if (mountedLoaders > 0) revalidate();
  }, SUMMARY_BUSY_REVALIDATE_MS);
}

let mountedLoaders = 0;
let waiting: { round: number; resolve: () => void }[] = [];
/**
 * The refresh round the background check started last: its load shows no progress bar and no
 * snackbar on failure. Rounds only grow, so any later refresh (an edit's) is not quiet.
 */
let quietRound = -1;
let stopRevalidating: (() => void) | null = null;

/** Checks the shown summary again, quietly. */
function revalidate(): void {
  if (document.visibilityState !== 'visible') return;
  scanSummaryRefresh.set((n) => n + 1);
  quietRound = scanSummaryRefresh.get();
}

/** Checks every SUMMARY_REVALIDATE_MS, and when the page is shown again after being hidden. */
function startRevalidating(): () => void {
  // Without a page (the unit tests) there is nothing shown to keep current.
  if (typeof document === 'undefined') return () => {};
  const timer = setInterval(revalidate, SUMMARY_REVALIDATE_MS);
  document.addEventListener('visibilitychange', revalidate);
  return () => {
    clearInterval(timer);
    document.removeEventListener('visibilitychange', revalidate);
  };
}

/**
 * Loads the shown project summaries again (revalidated: when nothing changed, nothing moves).
 * Resolves once they are loaded, as a mutation's awaited refetch did.
 */
export function refreshScanSummaries(): Promise<void> {
  scanSummaryRefresh.set((n) => n + 1);
  if (mountedLoaders === 0) return Promise.resolve();
  const round = scanSummaryRefresh.get();
  return new Promise((resolve) => waiting.push({ round, resolve }));
}

/**
 * A loader (the viewer's hook) is shown; the returned function says it is gone. While one is
 * shown, choosing a project starts loading its summary at once: the screen's own render of the
 * new project comes first and takes a few hundred milliseconds with 10,000 scans, and the load
 * would otherwise wait for it. The map's code is asked for at the same moment, for the same reason.
 */
export function mountSummaryLoader(): () => void {
  mountedLoaders++;
  stopRevalidating ??= startRevalidating();
  prepareSummaryReader();
  const unsubscribe = currentProjectId.subscribe(() => {
    const projectId = currentProjectId.get();
    if (projectId === null) return;
    void loadScanSummary(projectId);
    // A failed load of the code is tried again by the map.
    loadMapController().catch(() => {});
  });
  return () => {
    unsubscribe();
    mountedLoaders--;
    if (mountedLoaders === 0) {
      stopRevalidating?.();
      stopRevalidating = null;
      settleRefreshes(Number.POSITIVE_INFINITY);
      load?.abort.abort();
      load = null;
    }
  };
}

/** A load asked by refresh `round` (or a later one) finished, well or not. */
export function settleRefreshes(round: number): void {
  const done = waiting.filter((w) => w.round <= round);
  waiting = waiting.filter((w) => w.round > round);
  for (const w of done) w.resolve();
}

export type SummaryFetch = { kind: 'loaded'; scans: ViewerSummaryScan[] } | { kind: 'failed' };

interface Load {
  projectId: string;
  /** The refresh round it was started in: a later round loads again. */
  round: number;
  abort: AbortController;
  promise: Promise<SummaryFetch>;
}

/** The load under way, shared by every loader asking for the same project in the same round. */
let load: Load | null = null;

/**
 * The project's summary as of the current refresh round: the load already under way for it (one
 * started when the project was chosen) or a new one. A load of another project is abandoned: a
 * tab shows one project at a time.
 */
export function loadScanSummary(projectId: string): Promise<SummaryFetch> {
  const round = scanSummaryRefresh.get();
  if (load && load.projectId === projectId && load.round === round) return load.promise;
  load?.abort.abort();
  const abort = new AbortController();
  const started: Load = {
    projectId,
    round,
    abort,
    promise: fetchScanSummary(projectId, abort.signal, round === quietRound),
  };
  load = started;
  void started.promise.finally(() => {
    if (load === started) load = null;
  });
  return started.promise;
}

// The last decoded summaries by project, with their ETag: a project opened again, or reloaded
// after a change that did not touch it, reuses its scans as they are (no parsing, no decoding,
// and the same array, whose filter index and map entries are kept).
const DECODED_KEPT = 2;
const decoded = new Map<string, { etag: string; scans: ViewerSummaryScan[] }>();

function remember(projectId: string, etag: string | null, scans: ViewerSummaryScan[]): void {
  decoded.delete(projectId);
  if (etag === null) return;
  decoded.set(projectId, { etag, scans });
  for (const key of decoded.keys()) {
    if (decoded.size <= DECODED_KEPT) break;
    decoded.delete(key);
  }
}

/** The stages of the summary's reading (in the worker) as the page's marks, for benchmarks. */
function markStages(stages: SummaryStages): void {
  for (const [stage, at] of Object.entries(stages))
    performance.mark(`viewer:summary-${stage}`, { startTime: at - performance.timeOrigin });
}

/**
 * GET the project's compact summary with the session cookie (same origin) and decode it, in the
 * summary worker. Failures are reported as GraphQL failures are: the server's message for a
 * refusal, the connection issue otherwise; a 401 is left to the GraphQL requests of the same
 * screen, which sign the user out.
 */
export async function fetchScanSummary(
  projectId: string,
  signal: AbortSignal,
  quiet = false,
): Promise<SummaryFetch> {
  const inFlight = quiet ? 0 : 1;
  inFlightRequests.set((count) => count + inFlight);
  if (!quiet) performance.mark('viewer:summary-requested');
  try {
    const known = decoded.get(projectId);
    const answer = await readSummary(scanSummaryPath(projectId), known?.etag ?? null, signal);
    // The benchmarks read the marks of the loads the user asked for.
    if (!quiet) performance.mark('viewer:summary-received');
    if (answer.kind === 'loaded' && !quiet) markStages(answer.stages);
    switch (answer.kind) {
      case 'same':
        return known ? { kind: 'loaded', scans: known.scans } : { kind: 'failed' };
      case 'loaded':
        remember(projectId, answer.etag, answer.scans);
        if (known) scanSummaryChanged.set((n) => n + 1);
        return { kind: 'loaded', scans: answer.scans };
      case 'refused':
        if (answer.status === 401 || quiet) return { kind: 'failed' };
        if (answer.status < 500 && answer.error) snackbar.error(answer.error);
        else snackbar.connectionIssue();
        return { kind: 'failed' };
      case 'unreachable':
        if (!signal.aborted && !quiet) snackbar.connectionIssue();
        return { kind: 'failed' };
    }
  } finally {
    inFlightRequests.set((count) => count - inFlight);
  }
}
