/**
 * The processings watched from a tab, kept in the tab's storage (as the current project is), so
 * a reload keeps the marks of what was submitted from it. Kept with the user they are of: a user
 * who signs in on the tab after another (a session that ran out, say) never sees the other's.
 * Apart from the watch itself, so that signing out can forget them without loading the
 * processing screens' code.
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
 * The user's watch from its stored text: empty when it is another user's; what is not one
 * (another version's text, a hand edit) and the processings older than PROCESSING_WATCH_MAX_MS
 * are left out.
 */
export function parseStoredWatch(
  text: string | null,
  now: number,
  userId: string,
): ProcessingWatch {
  const watch = new Map<string, WatchedProcessing>();
  if (!text) return watch;
  let stored: unknown;
  try {
    stored = JSON.parse(text);
  } catch {
    return watch;
  }
  if (typeof stored !== 'object' || stored === null) return watch;
  const { user, entries } = stored as Record<string, unknown>;
  if (user !== userId || !Array.isArray(entries)) return watch;
  for (const entry of entries) {
    if (!Array.isArray(entry) || entry.length !== 2) continue;
    const [scanId, processing] = entry as [unknown, unknown];
    if (typeof scanId !== 'string' || !isWatchedProcessing(processing)) continue;
    if (now - processing.since < PROCESSING_WATCH_MAX_MS) watch.set(scanId, processing);
  }
  return watch;
}

/** The text a user's watch is stored as (parseStoredWatch reads it). */
export function storedWatchText(watch: ProcessingWatch, userId: string): string {
  return JSON.stringify({ user: userId, entries: [...watch] });
}

function tabStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

/** The user's watch stored in the tab, or an empty one. */
export function readStoredWatch(now: number, userId: string): ProcessingWatch {
  try {
    return parseStoredWatch(tabStorage()?.getItem(STORAGE_KEY) ?? null, now, userId);
  } catch {
    return new Map();
  }
}

/** Keeps the user's watch for the tab's next page load. */
export function storeWatch(watch: ProcessingWatch, userId: string): void {
  try {
    if (watch.size === 0) tabStorage()?.removeItem(STORAGE_KEY);
    else tabStorage()?.setItem(STORAGE_KEY, storedWatchText(watch, userId));
  } catch {
    // Storage full or disabled: the marks then last until the page is reloaded.
  }
}

/** Forgets the tab's stored watch, e.g. when the user signs out. */
export function clearStoredProcessingWatch(): void {
  try {
    tabStorage()?.removeItem(STORAGE_KEY);
  } catch {
    // Nothing was kept.
  }
}
