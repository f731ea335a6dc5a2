/** An empty table whose rows could not be fetched is not an empty list. */
export const LOAD_FAILED = 'The list could not be loaded. Reload the page to try again.';

/**
 * Whether a list's table says LOAD_FAILED: its query failed and it has nothing to show (rows
 * fetched before stay on screen through a failed refresh).
 */
export function listLoadFailed(error: unknown, shown: unknown): boolean {
  return !!error && !shown;
}
