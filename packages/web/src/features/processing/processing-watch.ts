import { useQuery } from '@apollo/client/react';
import { PROCESSING_POLL_MS } from '@asset-portal/shared';
import { useEffect, useLayoutEffect } from 'react';
import { useSession } from '../../auth/SessionContext.tsx';
import { graphql } from '../../graphql/generated/gql.ts';
import { createStore, useStore } from '../../lib/create-store.ts';
import { revalidateWhileBusy } from '../viewer/scan-summary-fetch.ts';
import {
  PROCESSING_WATCH_MAX_MS,
  type ProcessingWatch,
  readStoredWatch,
  storeWatch,
  type WatchedProcessing,
} from './processing-watch-storage.ts';

export type { ProcessingWatch, WatchedProcessing } from './processing-watch-storage.ts';
export { PROCESSING_WATCH_MAX_MS } from './processing-watch-storage.ts';

/** A scan processing's activity entry: the job's status, with the scan and version it is for. */
export interface ProcessingEntry {
  status: string;
  message?: string | null;
  payload?: unknown;
}

/** The entries read each time: the most a page of the log holds, newest change first. */
const ENTRIES_READ = 100;

const watched = createStore<ProcessingWatch>(new Map());
/** The user the watch is of: set by the screens that show it, before anything is submitted. */
let owner: string | null = null;
watched.subscribe(() => {
  if (owner !== null) storeWatch(watched.get(), owner);
});

/** Takes the watch of the signed-in user: the one kept in the tab for them, else none. */
function adoptWatchOf(userId: string | null): void {
  if (owner === userId) return;
  owner = userId;
  watched.set(userId === null ? new Map() : readStoredWatch(Date.now(), userId));
}

/** Starts watching the scans just submitted to be processed as version `name`. */
export function watchProcessing(scanIds: readonly string[], name: string): void {
  const since = Date.now();
  watched.set((previous) => {
    const next = new Map(previous);
    for (const scanId of scanIds) {
      next.set(scanId, { name, status: 'Processing', message: null, since });
    }
    return next;
  });
}

/** Whether the watch still asks the entries after any processing (one under way, not too old). */
export function watchUnderWay(watch: ProcessingWatch, now: number): boolean {
  return [...watch.values()].some(
    (processing) =>
      processing.status === 'Processing' && now - processing.since < PROCESSING_WATCH_MAX_MS,
  );
}

function scanAndVersion(payload: unknown): { scanId: string; name: string } | null {
  if (typeof payload !== 'object' || payload === null) return null;
  const { scanId, name } = payload as Record<string, unknown>;
  return typeof scanId === 'string' && typeof name === 'string' ? { scanId, name } : null;
}

/**
 * The watch after reading the activity entries (newest first, one per scan and version): a
 * completed processing leaves it (the new version is in the scan list), a failed one stays with
 * its message, the others are still under way. The same map when nothing changed.
 */
export function nextProcessingWatch(
  watch: ProcessingWatch,
  entries: readonly ProcessingEntry[],
): ProcessingWatch {
  const latest = new Map<string, ProcessingEntry>();
  for (const entry of entries) {
    const subject = scanAndVersion(entry.payload);
    const key = subject && `${subject.scanId}\n${subject.name}`;
    if (key && !latest.has(key)) latest.set(key, entry);
  }
  let next: Map<string, WatchedProcessing> | null = null;
  for (const [scanId, processing] of watch) {
    if (processing.status !== 'Processing') continue;
    const entry = latest.get(`${scanId}\n${processing.name}`);
    if (!entry) continue;
    if (entry.status === 'Completed') {
      next ??= new Map(watch);
      next.delete(scanId);
    } else if (entry.status === 'Failed' || entry.status === 'Error') {
      next ??= new Map(watch);
      next.set(scanId, { ...processing, status: 'Failed', message: entry.message ?? null });
    }
  }
  return next ?? watch;
}

/**
 * What to show of a scan's watched processing: nothing once the version is among the scan's own
 * (its entry may have left the newest entries read before it was seen completed).
 */
export function shownProcessing(
  processing: WatchedProcessing | undefined,
  versionNames: readonly string[],
): WatchedProcessing | undefined {
  if (processing?.status === 'Processing' && versionNames.includes(processing.name)) {
    return undefined;
  }
  return processing;
}

const PROCESSING_ENTRIES_QUERY = graphql(`
  query ProcessingEntries($pageSize: Int) {
    activityLogs(pageSize: $pageSize, sort: "lastModified:desc", activityTypeFilter: "ScanProcessing") {
      items {
        id
        status
        message
        payload
      }
    }
  }
`);

/**
 * The processings submitted from this page, by scan: read from their activity entries every
 * PROCESSING_POLL_MS while one is under way, so a list can say which scans are being
 * processed and which failed, and why, without a visit to Activity Logs.
 */
export function useProcessingWatch(
  versionsOf: (scanId: string) => readonly string[] | undefined,
): ProcessingWatch {
  const { session } = useSession();
  const userId = session.status === 'signedIn' ? session.user.id : null;
  useLayoutEffect(() => adoptWatchOf(userId), [userId]);
  const watch = useStore(watched);
  // A version the scan lists is made, whether or not its completed entry was read.
  useEffect(() => {
    const made = [...watch]
      .filter(([scanId, processing]) => !shownProcessing(processing, versionsOf(scanId) ?? []))
      .map(([scanId]) => scanId);
    if (made.length > 0) forget(made);
  }, [watch, versionsOf]);
  const underWay = watchUnderWay(watch, Date.now());
  const { data } = useQuery(PROCESSING_ENTRIES_QUERY, {
    variables: { pageSize: ENTRIES_READ },
    skip: !underWay,
    pollInterval: PROCESSING_POLL_MS,
    fetchPolicy: 'network-only',
  });
  const items = data?.activityLogs.items;
  useEffect(() => {
    if (!items) return;
    const before = watched.get();
    const after = nextProcessingWatch(before, items);
    watched.set(after);
    // A job just completed: its version is read from the scans' summary soon, not at its next
    // regular check.
    if ([...before.keys()].some((scanId) => !after.has(scanId))) revalidateWhileBusy();
  }, [items]);
  return watch;
}

function forget(scanIds: readonly string[]): void {
  watched.set((previous) => {
    const next = new Map(previous);
    for (const scanId of scanIds) next.delete(scanId);
    return next;
  });
}
