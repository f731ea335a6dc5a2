import {
  CONNECTION_ISSUE,
  type CompactScanSummary,
  decodeScanSummary,
  type SummaryScan,
  scanSummaryPath,
} from '@asset-portal/shared';
import { inFlightRequests } from '../../graphql/in-flight-link.ts';
import { createStore } from '../../lib/create-store.ts';
import { snackbar } from '../../snackbar/snackbar-service.ts';

/** Bumped when a change makes the shown summaries stale (a header edit, a deletion, Refresh). */
export const scanSummaryRefresh = createStore(0);

let mountedLoaders = 0;
let waiting: { round: number; resolve: () => void }[] = [];

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

/** A loader (the viewer's hook) is shown; the returned function says it is gone. */
export function mountSummaryLoader(): () => void {
  mountedLoaders++;
  return () => {
    mountedLoaders--;
    if (mountedLoaders === 0) settleRefreshes(Number.POSITIVE_INFINITY);
  };
}

/** A load asked by refresh `round` (or a later one) finished, well or not. */
export function settleRefreshes(round: number): void {
  const done = waiting.filter((w) => w.round <= round);
  waiting = waiting.filter((w) => w.round > round);
  for (const w of done) w.resolve();
}

export type SummaryFetch = { kind: 'loaded'; scans: SummaryScan[] } | { kind: 'failed' };

// The last decoded summaries by project, with their ETag: a project opened again, or reloaded
// after a change that did not touch it, reuses its scans as they are (no parsing, no decoding,
// and the same array, whose filter index and map entries are kept).
const DECODED_KEPT = 2;
const decoded = new Map<string, { etag: string; scans: SummaryScan[] }>();

function remember(projectId: string, etag: string | null, scans: SummaryScan[]): void {
  decoded.delete(projectId);
  if (etag === null) return;
  decoded.set(projectId, { etag, scans });
  for (const key of decoded.keys()) {
    if (decoded.size <= DECODED_KEPT) break;
    decoded.delete(key);
  }
}

/**
 * GET the project's compact summary with the session cookie (same origin) and decode it. The
 * default cache mode lets the browser send If-None-Match and reuse its copy on a 304. Failures
 * are reported as GraphQL failures are: the server's message for a refusal, the connection issue
 * otherwise; a 401 is left to the GraphQL requests of the same screen, which sign the user out.
 */
export async function fetchScanSummary(
  projectId: string,
  signal: AbortSignal,
): Promise<SummaryFetch> {
  inFlightRequests.set((count) => count + 1);
  try {
    const response = await fetch(scanSummaryPath(projectId), {
      credentials: 'same-origin',
      headers: { accept: 'application/json' },
      signal,
    });
    if (!response.ok) {
      if (response.status === 401) return { kind: 'failed' };
      const body = (await response.json().catch(() => null)) as { error?: string } | null;
      if (response.status < 500 && body?.error) snackbar.error(body.error);
      else snackbar.warning(CONNECTION_ISSUE);
      return { kind: 'failed' };
    }
    const etag = response.headers.get('etag');
    const known = decoded.get(projectId);
    if (known && known.etag === etag) {
      void response.body?.cancel();
      return { kind: 'loaded', scans: known.scans };
    }
    const scans = decodeScanSummary((await response.json()) as CompactScanSummary);
    remember(projectId, etag, scans);
    return { kind: 'loaded', scans };
  } catch {
    if (!signal.aborted) snackbar.warning(CONNECTION_ISSUE);
    return { kind: 'failed' };
  } finally {
    inFlightRequests.set((count) => count - 1);
  }
}
