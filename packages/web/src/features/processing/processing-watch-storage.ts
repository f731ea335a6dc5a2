/**
 * The processings watched from a tab, kept in the tab's storage (as the current project is), so
 * a reload keeps the marks of what was submitted from it. Apart from the watch itself, so that
 * signing out can forget them without loading the processing screens' code.
 */

/** A version a scan was submitted to be processed as, from this page, until its job ends. */
export interface WatchedProcessing {
  name: string;
  status: 'Processing' | 'Failed';
  /** The job's last message once it failed (why). */
  message: string | null;
  /** When it was submitted (epoch ms). */
  since: number;
}

export type ProcessingWatch = ReadonlyMap<string, WatchedProcessing>;

/**
 * A processing not seen to end within this time is no longer asked after (its end may have left
 * the newest entries unseen); it still shows until its version is listed, and is not restored
 * when the page is next loaded.
 */
export const PROCESSING_WATCH_MAX_MS = 3 * 60 * 60_000;

const STORAGE_KEY = 'asset-portal.processingWatch';

function isWatchedProcessing(value: unknown): value is WatchedProcessing {
  if (typeof value !== 'object' || value === null) return false;
  const { name, status, message, since } = value as Record<string, unknown>;
  return (
    typeof name === 'string' &&
    (status === 'Processing' || status === 'Failed') &&
    (message === null || typeof message === 'string') &&
    typeof since === 'number'
  );
}

/**
 * A watch from its stored text; what is not one (another version's text, a hand edit) and the
 * processings older than PROCESSING_WATCH_MAX_MS are left out.
 */
export function parseStoredWatch(text: string | null, now: number): ProcessingWatch {
  const watch = new Map<string, WatchedProcessing>();
  if (!text) return watch;
  let entries: unknown;
  try {
    entries = JSON.parse(text);
  } catch {
    return watch;
  }
  if (!Array.isArray(entries)) return watch;
  for (const entry of entries) {
    if (!Array.isArray(entry) || entry.length !== 2) continue;
    const [scanId, processing] = entry as [unknown, unknown];
    if (typeof scanId !== 'string' || !isWatchedProcessing(processing)) continue;
    if (now - processing.since < PROCESSING_WATCH_MAX_MS) watch.set(scanId, processing);
  }
  return watch;
}

/** The text a watch is stored as (parseStoredWatch reads it). */
export function storedWatchText(watch: ProcessingWatch): string {
  return JSON.stringify([...watch]);
}

function tabStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

/** The tab's stored watch, or an empty one. */
export function readStoredWatch(now: number): ProcessingWatch {
  try {
    return parseStoredWatch(tabStorage()?.getItem(STORAGE_KEY) ?? null, now);
  } catch {
    return new Map();
  }
}

/** Keeps the watch for the tab's next page load. */
export function storeWatch(watch: ProcessingWatch): void {
  try {
    if (watch.size === 0) tabStorage()?.removeItem(STORAGE_KEY);
    else tabStorage()?.setItem(STORAGE_KEY, storedWatchText(watch));
  } catch {
    // Storage full or disabled: the marks then last until the page is reloaded.
  }
}

/** Forgets the tab's stored watch, e.g. when the user signs out. */
export function clearStoredProcessingWatch(): void {
  storeWatch(new Map());
}
