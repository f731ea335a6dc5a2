/** An empty table whose rows could not be fetched is not an empty list. */
export const LOAD_FAILED = 'The list could not be loaded. Reload the page to try again.';
