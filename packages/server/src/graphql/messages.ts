/** Server-only texts; texts the browser shows too live in @asset-portal/shared. */
export const NOT_FOUND_MESSAGE = 'Not found';
